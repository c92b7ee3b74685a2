// A consumer of the packed packages, run by scripts/test-pack.sh in a folder outside the workspace:
// plain Node ESM, nothing but what npm installed. For each engine installed here, a provider in this
// process opens a page from a tiny HTTP server, snapshots it, clicks a button by ref and closes; then
// no process this script started may be left.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { createProvider } from '@browser-provider/client';

const PAGE = `<!doctype html><title>pack fixture</title>
<button onclick="document.getElementById('s').textContent='clicked'">Press</button><p id="s">waiting</p>`;

function descendants(pid = process.pid) {
  let kids = [];
  try {
    kids = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return kids.flatMap((k) => [k, ...descendants(k)]);
}

const must = (answer, what) => {
  if (!answer.ok) throw new Error(`${what}: ${answer.error.code}: ${answer.error.message}`);
  return answer.result;
};

const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/`;

let failed = 0;
let ran = 0;
for (const browser of process.argv.slice(2)) {
  const provider = await createProvider({ browser, allowEval: false, uploadRoots: [] });
  try {
    const status = must(await provider.call('provider.status'), 'provider.status');
    if (status.availability === 'unavailable') {
      console.log(`${browser}: not installed here (skipped, not counted)`);
      continue;
    }
    const { session_id } = must(await provider.call('session.ensure', { client_session_id: `pack-${browser}` }), 'session.ensure');
    const { page_id } = must(await provider.call('page.open', { session_id, url }), 'page.open');
    const snap = must(await provider.call('page.snapshot', { session_id, page_id }), 'page.snapshot');
    const button = snap.elements.find((e) => e.role === 'button' && e.name === 'Press');
    if (!button) throw new Error(`no Press button in the snapshot:\n${snap.text}`);
    must(await provider.call('page.click', { session_id, page_id, element_ref: button.element_ref }), 'page.click');
    const after = must(await provider.call('page.snapshot', { session_id, page_id }), 'page.snapshot');
    if (!after.text.includes('clicked')) throw new Error(`the click did not land:\n${after.text}`);
    const gated = await provider.call('page.eval', { session_id, page_id, expression: '1' });
    if (gated.ok) throw new Error('page.eval ran with allowEval: false');
    ran++;
    console.log(`${browser}: opened, snapshot (${snap.elements.length} elements), clicked ${button.element_ref}, page.eval refused (${gated.error.code})`);
  } catch (e) {
    failed++;
    console.error(`${browser}: FAILED: ${e.message}`);
  } finally {
    await provider.close();
  }
  // close() has told every process to exit; reaping takes a moment: poll (up to 10 s) before judging.
  let left = descendants();
  for (let i = 0; i < 50 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 200));
    left = descendants();
  }
  if (left.length > 0) {
    failed++;
    console.error(`${browser}: processes left after close():\n${execFileSync('ps', ['-o', 'pid,args', '-p', left.join(',')], { encoding: 'utf8' })}`);
  }
}
server.close();
console.log(`consumer: ${ran} engine(s) drove a page, ${failed} failure(s)`);
process.exit(failed > 0 || ran === 0 ? 1 : 0);
