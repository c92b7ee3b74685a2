import { OP_CALLER, PAGE_SCRIPT_GLOBAL, pageScriptSource } from '@browser-provider/page-script';
import type { BidiSocket } from './bidi-socket';
import type { BenchServer } from './fixtures';
import { bidiSession, launchRawChromium, launchRawFirefox } from './launch';
import { FULL_BUDGET, TARGET_BUTTON, warmups } from './ours';
import { median, timeRuns } from './stats';
import type { Engine, FloorEngine, FloorPage, Iterations } from './types';

/**
 * The least any BiDi client can do to click a button safely: one `script.callFunction` that finds
 * the element, measures it and hit-tests its centre, then one `input.performActions` with the click.
 * Our provider adds refs, actionability retries, navigation detection and the envelope on top; this
 * is what that costs against.
 */

// Scrolls only when the element is off screen (the target row never is); returns "x,y" or throws.
export const LOCATE_AND_HIT = `function (selector) {
  const el = document.querySelector(selector);
  if (!el) throw new Error('not found: ' + selector);
  let r = el.getBoundingClientRect();
  if (r.bottom < 0 || r.top > innerHeight) { el.scrollIntoView({ block: 'center' }); r = el.getBoundingClientRect(); }
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === el || el.contains(hit))) throw new Error('obscured');
  return Math.round(x) + ',' + Math.round(y);
}`;

/** Times the page-script snapshot op in the page, without moving its answer over the wire. */
const TIMED_SNAPSHOT = `async function (argsJson) {
  const bp = globalThis[${JSON.stringify(PAGE_SCRIPT_GLOBAL)}];
  const t = performance.now();
  const s = await bp.call('snapshot', argsJson);
  return String(performance.now() - t);
}`;

/** A 1 MiB answer: what moving a big snapshot costs the protocol, whatever produced it. */
export const MIB_STRING = `function () { return 'x'.repeat(1048576); }`;

export const floorLine = (engine: Engine, p: FloorPage) =>
  `  floor/${engine}: ${p.rows} rows: click ${p.clickMs.toFixed(1)} ms; snapshot op ${p.snapshotRoundTripMs?.toFixed(0)} ms round trip ` +
  `(${p.snapshotInPageMs?.toFixed(0)} ms in page, reply ${((p.snapshotReplyChars ?? 0) / 1e6).toFixed(2)} M chars); 1 MiB string ${p.mibStringMs?.toFixed(0)} ms`;

export const SNAPSHOT_ARGS = JSON.stringify([{ maxNodes: FULL_BUDGET.max_nodes, mode: 'full' }]);

const clickActions = (x: number, y: number) => [
  {
    type: 'pointer',
    id: 'mouse',
    parameters: { pointerType: 'mouse' },
    actions: [
      { type: 'pointerMove', x, y },
      { type: 'pointerDown', button: 0 },
      { type: 'pointerUp', button: 0 },
    ],
  },
];

/** The floor's click: locate and hit-test in one script call, then one performActions. */
export function floorClick(socket: BidiSocket, context: string, selector: string): () => Promise<void> {
  return async () => {
    const r = await socket.send<{ type: string; result?: { value?: string }; exceptionDetails?: { text?: string } }>('script.callFunction', {
      functionDeclaration: LOCATE_AND_HIT,
      arguments: [{ type: 'string', value: selector }],
      awaitPromise: false,
      target: { context },
      resultOwnership: 'none',
    });
    if (r.type !== 'success') throw new Error(`locate failed: ${r.exceptionDetails?.text}`);
    const [x, y] = String(r.result?.value).split(',').map(Number);
    await socket.send('input.performActions', { context, actions: clickActions(x as number, y as number) });
  };
}

/** A raw browser on `url`, ready for floor clicks on the target row's button; `close` kills it. */
export async function openBidiFloor(engine: Engine, url: string): Promise<{ click: () => Promise<void>; close: () => Promise<void> }> {
  const raw = await (engine === 'firefox' ? launchRawFirefox() : launchRawChromium());
  try {
    const { socket, context } = await bidiSession(raw);
    await socket.send('browsingContext.navigate', { context, url, wait: 'complete' });
    return {
      click: floorClick(socket, context, TARGET_BUTTON),
      close: async () => {
        socket.close();
        await raw.proc.kill();
      },
    };
  } catch (e) {
    await raw.proc.kill();
    throw e;
  }
}

export async function measureBidiFloor(engine: Engine, server: BenchServer, rowSets: number[], it: Iterations, log: (s: string) => void): Promise<FloorEngine> {
  const out: FloorEngine = { engine, pages: [] };
  const raw = await (engine === 'firefox' ? launchRawFirefox() : launchRawChromium()).catch((e: Error) => e);
  if (raw instanceof Error) return { ...out, error: raw.message };
  try {
    const { socket, context } = await bidiSession(raw);
    const target = { context };
    for (const rows of rowSets) {
      await socket.send('browsingContext.navigate', { context, url: server.catalogUrl(rows), wait: 'complete' });
      const click = floorClick(socket, context, TARGET_BUTTON);
      await click(); // warm-up: compiles the function, settles layout
      const clickMs = median(await timeRuns(it.floorClicks, click));

      // Profile support: the same page-script op our provider runs, over the bare socket.
      await socket.send('script.evaluate', { expression: pageScriptSource(), target, awaitPromise: false, resultOwnership: 'none' });
      const runs = rows >= 5_000 ? it.bigSnapshots : it.snapshots;
      const op = () =>
        socket.send<{ result?: { value?: string } }>('script.callFunction', {
          functionDeclaration: OP_CALLER,
          arguments: [{ type: 'string', value: 'snapshot' }, { type: 'string', value: SNAPSHOT_ARGS }],
          awaitPromise: true,
          target,
          resultOwnership: 'none',
        });
      // Warmed as our snapshots are, so the round trip is not the JIT's first pass.
      for (let i = 0; i < warmups(it, rows); i++) await op();
      let replyChars = 0;
      const rt = await timeRuns(runs, async () => {
        replyChars = String((await op()).result?.value ?? '').length;
      });
      const mib = await timeRuns(3, () =>
        socket.send('script.callFunction', { functionDeclaration: MIB_STRING, arguments: [], awaitPromise: false, target, resultOwnership: 'none' }),
      );
      const inPage: number[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await socket.send<{ result?: { value?: string } }>('script.callFunction', {
          functionDeclaration: TIMED_SNAPSHOT,
          arguments: [{ type: 'string', value: SNAPSHOT_ARGS }],
          awaitPromise: true,
          target,
          resultOwnership: 'none',
        });
        inPage.push(Number(r.result?.value));
      }
      const page: FloorPage = { rows, clickMs, snapshotRoundTripMs: median(rt), snapshotInPageMs: median(inPage), snapshotReplyChars: replyChars, mibStringMs: median(mib) };
      log(floorLine(engine, page));
      out.pages.push(page);
    }
    await socket.send('session.end', {}).catch(() => undefined);
    socket.close();
  } catch (e) {
    out.error = (e as Error).message;
    log(`  floor/${engine} failed: ${out.error}`);
  } finally {
    await raw.proc.kill();
  }
  return out;
}
