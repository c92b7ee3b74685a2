import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Dispatcher } from '../dispatch/dispatcher';
import { Provider } from '../provider';
import type { Session } from './session';
import { StubBackend } from '../testing/stub-backend';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Module-level tables keyed by a session or a page, in the sources of core and the two backends. */
function sideTables(): string[] {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const found: string[] = [];
  for (const pkg of ['core', 'bidi', 'classic']) {
    const dir = join(root, pkg, 'src');
    for (const f of readdirSync(dir, { recursive: true }) as string[]) {
      if (!f.endsWith('.ts') || f.endsWith('.test.ts')) continue;
      for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
        if (/^(export )?const \w+ = new (Weak)?(Map|Set)<\s*(Session|BackendSession|PageHandle|BackendPage)\b/.test(line)) found.push(`${pkg}/src/${f}: ${line.trim()}`);
      }
    }
  }
  return found;
}

describe('state a session owns', () => {
  it('lives on the session or its pages, not in module-level tables keyed by them', () => {
    expect(sideTables()).toEqual([]);
  });

  it('is freed when the session closes: nothing in the provider keeps the session object', async () => {
    const provider = new Provider({ backend: new StubBackend(), log: () => {} });
    const d = new Dispatcher(provider);
    let n = 0;
    const call = async (method: string, params: Record<string, unknown> = {}) => {
      const env = await d.handle({ protocol_version: '0.1', id: ++n, method, params });
      if (!env.ok) throw new Error(JSON.stringify(env.error));
      return env.result as Record<string, unknown>;
    };
    const { session_id } = (await call('session.ensure')) as { session_id: string };
    // Give it state: a snapshot (refs, page history), tab info, a warning waiting for the next answer.
    await call('page.snapshot', { session_id });
    await call('tab.list', { session_id });
    const ref = ((s: Session) => {
      s.pendingWarnings.push('a dialog was answered');
      s.deliveredDownloads.add('dl_1');
      return new WeakRef(s);
    })(provider.sessions.get(session_id) as Session);
    await call('session.close', { session_id });
    expect(provider.sessions.has(session_id)).toBe(false);
    // The WeakRef is kept alive until the current job ends: let it end, then collect.
    for (let i = 0; i < 5 && ref.deref() !== undefined; i++) {
      await new Promise((r) => setTimeout(r, 20));
      gc();
    }
    expect(ref.deref()).toBeUndefined();
  });
});
