import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, inject, it } from 'vitest';

/**
 * Which engines a real-browser suite runs on: the one place that decides, from what
 * `browser-provider status` finds installed and the engines asked for.
 *
 * - `BROWSER_PROVIDER_TEST_ENGINES` names the engines to test, as `--browser` takes them (a comma
 *   list, aliases allowed; default all). `pnpm test:browsers --engine firefox` sets it.
 * - An engine asked for but not installed skips its suites with the reason, except under CI
 *   (`CI` set and not `false`/`0`), where each suite fails one test that names the missing browser:
 *   a green CI run has run every engine.
 *
 * The browsers project's global setup (`engines-setup.ts`) runs the discovery once per run and hands
 * it to every file; a file run under another config discovers for itself.
 */

export const ENGINES = ['firefox', 'chrome', 'safari'] as const;
export type Engine = (typeof ENGINES)[number];

/** The variable `pnpm test:browsers --engine` sets and every browser suite honours (through this module). */
export const ENGINES_VAR = 'BROWSER_PROVIDER_TEST_ENGINES';

export interface EngineFacts {
  /** The engines asked for, by their canonical names. */
  selected: Engine[];
  /** Each selected engine that is not installed here, and why (the status diagnostics). */
  missing: Partial<Record<Engine, string>>;
}

declare module 'vitest' {
  interface ProvidedContext {
    browserEngines: EngineFacts;
  }
}

/** `deselected`: not asked for (skipped, CI or not); `skip`/`fail`: asked for but not installed. */
export type EngineGate = { verdict: 'run' } | { verdict: 'deselected' | 'skip' | 'fail'; reason: string };

/** The status users see is the truth: the CLI's own detection, and its parsing of engine names and aliases. */
const BIN = fileURLToPath(new URL('../../../apps/cli/bin/browser-provider.js', import.meta.url));

interface StatusRow {
  browser: string;
  status: { availability: string; diagnostics?: Array<{ level: string; message: string }>; manual_steps?: string[] };
}

/** `browser-provider status --json` output → facts. */
export function parseStatus(json: string): EngineFacts {
  const rows = JSON.parse(json) as StatusRow[];
  const facts: EngineFacts = { selected: [], missing: {} };
  for (const r of rows) {
    const engine = toEngine(r.browser);
    facts.selected.push(engine);
    if (r.status.availability !== 'unavailable') continue;
    const said = (r.status.diagnostics ?? []).filter((d) => d.level !== 'info').map((d) => d.message);
    const steps = r.status.manual_steps ?? [];
    facts.missing[engine] = `${engine} is not installed here: ${said.join(' ') || 'browser-provider status says unavailable.'}${steps.length ? ` To install: ${steps.join('; ')}.` : ''}`;
  }
  return facts;
}

/** Runs `browser-provider status` for the engines `env` asks for. An unknown engine name throws the CLI's message. */
export function discoverEngines(env: NodeJS.ProcessEnv = process.env): EngineFacts {
  const asked = env[ENGINES_VAR]?.trim() || 'all';
  try {
    return parseStatus(execFileSync(process.execPath, [BIN, 'status', '--json', '--browser', asked], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (e) {
    const stderr = String((e as { stderr?: unknown }).stderr ?? '').split('\n')[0];
    throw new Error(`${ENGINES_VAR}=${asked}: ${stderr || (e as Error).message}`);
  }
}

export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.CI?.trim().toLowerCase();
  return v !== undefined && v !== '' && v !== 'false' && v !== '0';
}

/**
 * Run, skip with a reason, or (under CI) fail naming what is missing. A suite that needs several
 * engines runs only when all of them are asked for and installed.
 */
export function engineGate(engines: readonly Engine[], facts: EngineFacts, ci: boolean): EngineGate {
  const unasked = engines.filter((e) => !facts.selected.includes(e));
  if (unasked.length) return { verdict: 'deselected', reason: `${unasked.join(', ')} not selected (${ENGINES_VAR}=${facts.selected.join(',')})` };
  const missing = engines.flatMap((e) => facts.missing[e] ?? []);
  if (!missing.length) return { verdict: 'run' };
  return ci ? { verdict: 'fail', reason: `CI is set, so a missing browser fails instead of skipping: ${missing.join(' ')}` } : { verdict: 'skip', reason: missing.join(' ') };
}

let discovered: EngineFacts | undefined;
function facts(): EngineFacts {
  return (inject('browserEngines') as EngineFacts | undefined) ?? (discovered ??= discoverEngines());
}

function toEngine(name: string): Engine {
  if ((ENGINES as readonly string[]).includes(name)) return name as Engine;
  throw new Error(`unknown engine ${JSON.stringify(name)} (expected one of ${ENGINES.join(', ')})`);
}

/** Whether `engine`'s suites run here (asked for and installed). */
export function engineReady(engine: string): boolean {
  return engineGate([toEngine(engine)], facts(), isCi()).verdict === 'run';
}

/**
 * `describe` for one engine's suite: `describeEngine('firefox')('title', () => { … })` (or several
 * engines' that needs them all: `describeEngine('chrome', 'safari')`). Runs it when the engines are
 * asked for and installed; else skips it with the reason in its title, or under CI replaces it with
 * one failing test that names the missing browser.
 */
export function describeEngine(...engines: string[]): (title: string, body: () => void) => void {
  const gate = engineGate(engines.map(toEngine), facts(), isCi());
  return (title, body) => {
    switch (gate.verdict) {
      case 'run':
        return describe(title, body);
      case 'fail':
        return describe(title, () => {
          it(`needs ${engines.join(' and ')} installed`, () => {
            throw new Error(gate.reason);
          });
        });
      case 'skip':
        console.warn(`[skipped] ${title}: ${gate.reason}`);
        return describe.skip(`${title} [skipped: ${gate.reason}]`, body);
      case 'deselected':
        return describe.skip(`${title} [skipped: ${gate.reason}]`, body);
    }
  };
}
