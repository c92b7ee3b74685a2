import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { ScenarioRunResult } from './types';

/**
 * Per-browser expected outcomes, kept as data next to the code (in the spirit of Puppeteer's
 * TestExpectations.json): `conformance/expectations/<browser>.json`. Entries are sorted by id so
 * diffs stay readable; a known failure says why, so it can be revisited.
 */
export const ExpectationEntry = z.discriminatedUnion('expected', [
  z.object({ id: z.string().min(1), expected: z.literal('pass') }).strict(),
  z.object({ id: z.string().min(1), expected: z.literal('fail'), reason: z.string().min(1) }).strict(),
]);
export type ExpectationEntry = z.infer<typeof ExpectationEntry>;

export const Expectations = z
  .object({ browser: z.string().min(1), scenarios: z.array(ExpectationEntry) })
  .strict()
  .superRefine((e, ctx) => {
    const ids = e.scenarios.map((s) => s.id);
    ids.forEach((id, i) => {
      const prev = ids[i - 1];
      if (prev !== undefined && prev >= id) {
        ctx.addIssue({ code: 'custom', path: ['scenarios', i, 'id'], message: `"${id}" is out of order or repeated after "${prev}"` });
      }
    });
  });
export type Expectations = z.infer<typeof Expectations>;

export const EXPECTATIONS_DIR = new URL('../expectations/', import.meta.url);

/** Every listed scenario is expected to pass: the default for a browser without a file. */
export function allPass(browser: string, ids: readonly string[]): Expectations {
  return { browser, scenarios: [...ids].sort().map((id) => ({ id, expected: 'pass' as const })) };
}

/** Reads `<dir>/<browser>.json`; a missing file means "everything passes", a malformed one throws. */
export async function loadExpectations(browser: string, ids: readonly string[], dir: string | URL = EXPECTATIONS_DIR): Promise<Expectations> {
  const path = dir instanceof URL ? new URL(`${browser}.json`, dir) : join(dir, `${browser}.json`);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return allPass(browser, ids);
    throw e;
  }
  const parsed = Expectations.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${String(path)}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Sorted, two-space JSON with a final newline: the only way these files should be written. */
export function formatExpectations(e: Expectations): string {
  const scenarios = [...e.scenarios].sort((a, b) => (a.id < b.id ? -1 : 1));
  return `${JSON.stringify({ browser: e.browser, scenarios }, null, 2)}\n`;
}

/**
 * Compares one run with the expectations. Returns the problems: an expected scenario that did not
 * execute (the run must fail, never pass by omission), an outcome other than expected (an unexpected
 * pass included, so the file is kept honest), and an executed scenario the file does not mention.
 */
/**
 * What is wrong with one run against the expectations: every listed scenario must have executed with
 * its expected outcome, except those `excused` from this run (the errors tier after the first run).
 */
export function compareRun(expectations: Expectations, results: readonly ScenarioRunResult[], excused: readonly string[] = []): string[] {
  const problems: string[] = [];
  const byId = new Map(results.map((r) => [r.id as string, r]));
  for (const e of expectations.scenarios) {
    if (excused.includes(e.id)) continue;
    const r = byId.get(e.id);
    if (!r || (r.status !== 'pass' && r.status !== 'fail')) {
      problems.push(`${e.id}: listed in the expectations but not executed${r ? ` (${r.status})` : ''}`);
    } else if (r.status !== e.expected) {
      problems.push(
        r.status === 'pass'
          ? `${e.id}: passed but is expected to fail (${e.expected === 'fail' ? e.reason : ''}); update the expectations`
          : `${e.id}: failed but is expected to pass: ${r.error ?? 'no message'}`,
      );
    }
  }
  const listed = new Set(expectations.scenarios.map((e) => e.id));
  for (const r of results) {
    if ((r.status === 'pass' || r.status === 'fail') && !listed.has(r.id)) {
      problems.push(`${r.id}: executed but missing from the expectations file`);
    }
  }
  return problems;
}
