/**
 * Real-browser harness for page-script tests: the system Chromium driven by playwright-core (never a
 * downloaded browser). Ops go through OP_CALLER exactly as backends call them.
 * Override the binary with BP_CHROMIUM_PATH.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import type { OpArgs, OpName, OpResult, StillScrolling } from '../contract';
import type { FrameWire } from '../frame-wire';
import { isStillScrolling } from '../decode';
import { installSource, OP_CALLER, parseOpReply, pageScriptSource, type InstallOptions } from '../host';

export const CHROMIUM_PATH = process.env.BP_CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface ScriptedPage {
  page: Page;
  /** Calls an op through OP_CALLER; fails the test on an `{ok:false}` envelope. */
  call<K extends OpName>(op: K, ...args: OpArgs<K>): Promise<OpResult<K>>;
  /** The raw OP_CALLER answer (null when the script is not installed). */
  callRaw(op: string, argsJson: string): Promise<string | null>;
  install(): Promise<void>;
}

/**
 * A page with the script installed in its own (main) world. `install.realm: 'fresh'` installs it as
 * classic WebDriver does, taking its DOM functions from a new iframe's realm.
 */
export async function scriptedPage(browser: Browser, html: string, viewport = { width: 1000, height: 700 }, options: InstallOptions = {}): Promise<ScriptedPage> {
  const page = await browser.newPage({ viewport });
  await page.setContent(html, { waitUntil: 'load' });
  const install = async () => {
    await page.evaluate(installSource(pageScriptSource(), options));
  };
  const callRaw = (op: string, argsJson: string) =>
    page.evaluate(
      ({ caller, op, argsJson }) => (0, eval)(`(${caller})`)(op, argsJson) as Promise<string | null>,
      { caller: OP_CALLER, op, argsJson },
    );
  await install();
  return {
    page,
    install,
    callRaw,
    async call(op, ...args) {
      // A snapshot is asked again while its frame scrolls, as core asks (core/ops/snapshot.ts):
      // a test's own prepare may just have scrolled the element into view.
      for (let waited = 0; ; ) {
        const reply = parseOpReply(await callRaw(op, JSON.stringify(args)));
        if (reply === null) throw new Error('page script not installed');
        if (!reply.ok) throw new Error(`op ${op} failed in page: ${reply.error}`);
        const value = reply.value as FrameWire | StillScrolling;
        if (op !== 'snapshot' || !isStillScrolling(value) || waited >= 2_000) return reply.value as never;
        await new Promise((r) => setTimeout(r, value.scrolling));
        waited += value.scrolling;
      }
    },
  };
}
