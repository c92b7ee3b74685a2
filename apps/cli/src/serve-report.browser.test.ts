import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProviderClient } from '@browser-provider/conformance';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { afterAll, expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';

/**
 * `serve --save-session` as a protocol client meets it, on one engine (the MCP suite covers all three):
 * describe says where the report goes, each request is a step, a password typed is masked, the click's
 * point and screenshot are kept, and stdin's end writes the HTML.
 */

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const SECRET = 'open-sesame-42';
const site = servePage(`<!doctype html><title>Serve report</title>
<label>Password <input type="password" id="pw"></label><button onclick="this.textContent = 'Done'">Go</button>`);
const saveDir = mkdtempSync(join(tmpdir(), 'bp-serve-report-'));
afterAll(() => rmSync(saveDir, { recursive: true, force: true }));

const ok = (env: ResponseEnvelope) => {
  if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
  return env.result as Record<string, any>;
};

describeEngine('chrome')('serve --save-session on chrome', () => {
  it('writes a report of the requests, says where in describe, and masks the password', async () => {
    const client = new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', 'chrome', '--save-session', saveDir, '--save-session-every-step'], defaultTimeoutMs: 60_000 });
    const { session_id } = ok(await client.call('session.ensure', {}));
    const { page_id } = ok(await client.call('page.open', { session_id, url: `${site.origin()}/` }));
    const described = ok(await client.call('provider.describe', {})).session_report as { writing: boolean; dir: string; html: string };
    expect(described.writing).toBe(true);
    expect(described.dir.startsWith(saveDir)).toBe(true);
    const snap = ok(await client.call('page.snapshot', { session_id, page_id }));
    const ref = (name: string) => (snap.elements as { element_ref: string; name?: string }[]).find((e) => e.name === name)?.element_ref;
    ok(await client.call('page.type', { session_id, page_id, element_ref: ref('Password'), text: SECRET }));
    const click = ok(await client.call('page.click', { session_id, page_id, element_ref: ref('Go') }));
    await client.close();

    const [folder] = readdirSync(saveDir);
    const dir = join(saveDir, folder as string);
    expect(dir).toBe(described.dir);
    const jsonl = readFileSync(join(dir, 'steps.jsonl'), 'utf8');
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const lines = jsonl.trim().split('\n').map((l) => JSON.parse(l) as Record<string, any>);
    expect(lines.filter((l) => l.type === 'step').map((l) => l.name)).toEqual(['session.ensure', 'page.open', 'provider.describe', 'page.snapshot', 'page.type', 'page.click']);
    const clicked = lines.find((l) => l.name === 'page.click') as Record<string, any>;
    expect(clicked.point).toEqual(click.point);
    expect(readdirSync(join(dir, 'shots'))).toContain((clicked.screenshot as string).slice('shots/'.length));
    expect(lines.at(-1)).toMatchObject({ type: 'end', steps: 6, secrets_masked: 1 });
    for (const text of [jsonl, html]) {
      expect(text).not.toContain(SECRET);
      expect(text).toContain('•'.repeat(SECRET.length));
    }
    expect(html).toContain('page.click');
  });
});
