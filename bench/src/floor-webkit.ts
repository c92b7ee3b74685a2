import { PAGE_SCRIPT_GLOBAL, pageScriptSource } from '@browser-provider/page-script';
import { WebKitGtkLauncher } from '@browser-provider/safari';
import type { BenchServer } from './fixtures';
import { floorLine, LOCATE_AND_HIT, MIB_STRING, SNAPSHOT_ARGS } from './floor-bidi';
import { TARGET_BUTTON } from './ours';
import { median, timeRuns } from './stats';
import type { FloorEngine, FloorPage, Iterations } from './types';

/**
 * The classic-WebDriver floor on WebKit: Execute Script (find + hit-test) then Perform Actions, as
 * bare HTTP requests to WebKitWebDriver. The driver and MiniBrowser (under a private Xvfb) are
 * started by the Safari adapter's own launcher, so the browser is set up exactly as ours is.
 */

async function wd(port: number, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const json = (await res.json()) as { value?: any };
  if (!res.ok) throw new Error(`${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
  return json.value;
}

export async function measureWebKitFloor(server: BenchServer, rowSets: number[], it: Iterations, log: (s: string) => void): Promise<FloorEngine> {
  const out: FloorEngine = { engine: 'safari', pages: [] };
  const launcher = new WebKitGtkLauncher({ xvfb: 'always' });
  const signal = AbortSignal.timeout(15 * 60_000);
  let endpoint: Awaited<ReturnType<WebKitGtkLauncher['startDriver']>> | undefined;
  try {
    endpoint = await launcher.startDriver(signal);
    const port = endpoint.port;
    const session = await wd(port, 'POST', '/session', { capabilities: { alwaysMatch: launcher.capabilities() } });
    const s = `/session/${session.sessionId as string}`;
    // Classic Execute Script takes a function body; wrap the shared function source.
    const locate = `return (${LOCATE_AND_HIT})(arguments[0]);`;
    for (const rows of rowSets) {
      await wd(port, 'POST', `${s}/url`, { url: server.catalogUrl(rows) });
      const click = async () => {
        const [x, y] = String(await wd(port, 'POST', `${s}/execute/sync`, { script: locate, args: [TARGET_BUTTON] })).split(',').map(Number);
        await wd(port, 'POST', `${s}/actions`, {
          actions: [
            {
              type: 'pointer',
              id: 'mouse',
              parameters: { pointerType: 'mouse' },
              actions: [
                { type: 'pointerMove', x, y, origin: 'viewport' },
                { type: 'pointerDown', button: 0 },
                { type: 'pointerUp', button: 0 },
              ],
            },
          ],
        });
      };
      await click();
      const clickMs = median(await timeRuns(it.floorClicks, click));

      await wd(port, 'POST', `${s}/execute/sync`, { script: `${pageScriptSource()}; return true;`, args: [] });
      const runs = rows >= 5_000 ? it.bigSnapshots : it.snapshots;
      const asyncCall = (body: string) => wd(port, 'POST', `${s}/execute/async`, { script: body, args: [SNAPSHOT_ARGS] });
      const G = JSON.stringify(PAGE_SCRIPT_GLOBAL);
      let replyChars = 0;
      const rt = await timeRuns(runs, async () => {
        replyChars = String(await asyncCall(`const done = arguments[1]; globalThis[${G}].call('snapshot', arguments[0]).then(done);`)).length;
      });
      const mib = await timeRuns(3, () => wd(port, 'POST', `${s}/execute/sync`, { script: `return (${MIB_STRING})();`, args: [] }));
      const inPage: number[] = [];
      for (let i = 0; i < runs; i++) {
        const v = await asyncCall(`const done = arguments[1]; const t = performance.now(); globalThis[${G}].call('snapshot', arguments[0]).then(() => done(String(performance.now() - t)));`);
        inPage.push(Number(v));
      }
      const page: FloorPage = { rows, clickMs, snapshotRoundTripMs: median(rt), snapshotInPageMs: median(inPage), snapshotReplyChars: replyChars, mibStringMs: median(mib) };
      log(floorLine('safari', page));
      out.pages.push(page);
    }
    await wd(port, 'DELETE', s).catch(() => undefined);
  } catch (e) {
    out.error = (e as Error).message;
    log(`  floor/safari failed: ${out.error}`);
  } finally {
    await endpoint?.kill();
    await launcher.shutdown();
  }
  return out;
}
