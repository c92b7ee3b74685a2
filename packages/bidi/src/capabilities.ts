import type { ClickButton, Feature, MethodName, OwnMethodName, ScreenshotFormat } from '@browser-provider/protocol';

/**
 * The optional methods and features every BiDi engine here has, each proven by the engine adapters'
 * real-browser tests (Firefox 153 ESR, Chrome 156): history, scroll, eval, console/network logs
 * (log.entryAdded, network.*; bodies through network.addDataCollector), PDF (browsingContext.print), cookies (storage.getCookies), storage, uploads (input.setFiles) and
 * downloads (browser.setDownloadBehavior + downloadWillBegin/downloadEnd).
 */
export const BIDI_OPTIONAL_METHODS: readonly MethodName[] = [
  'page.go_back',
  'page.go_forward',
  'page.reload',
  'page.press',
  'page.select',
  'page.hover',
  'page.scroll',
  'page.eval',
  'network.list',
  'network.request',
  'page.pdf',
  'console.list',
  'storage.get',
  'cookie.list',
  'cookie.set',
  'cookie.delete',
  'page.set_viewport',
  'download.list',
  'download.wait',
  'upload.set_files',
];

export const BIDI_FEATURES: readonly Feature[] = ['js_eval', 'network_observe', 'console_observe', 'file_upload', 'download_observe'];

/** The features a BiDi engine adapter reports (the same on every engine here), plus attach when it attaches. */
export function bidiEngineFeatures(attaches: boolean): Feature[] {
  return ['element_refs', 'a11y_snapshot', 'dom_snapshot', 'full_page_screenshot', 'isolated_contexts', ...BIDI_FEATURES, ...(attaches ? (['attach_existing_browser'] as const) : [])];
}

/**
 * The buttons `page.click` presses on every BiDi engine here: Firefox 153 and Chrome 156 press and
 * release each as asked (apps/cli/src/clicks.browser.test.ts: mousedown/mouseup with its button,
 * contextmenu for the right one, auxclick for both, no click).
 */
export const BIDI_CLICK_BUTTONS: readonly ClickButton[] = ['left', 'middle', 'right'];
/** browsingContext.captureScreenshot takes `image/jpeg` (with a quality) on Firefox 153 and Chromium 156. */
export const BIDI_SCREENSHOT_FORMATS: readonly ScreenshotFormat[] = ['png', 'jpeg'];

/**
 * Core's per-engine methods a BiDi engine here answers: routing over network.addIntercept with
 * provideResponse / failRequest / continueRequest, and offline over emulation.setNetworkConditions
 * per user context (Firefox 153 ESR and Chromium 156 take both; packages/testing's routing suite).
 */
export const BIDI_OWN_METHODS: readonly OwnMethodName[] = ['route.add', 'route.list', 'route.remove', 'network.set_offline'];
