/** Names shared by the Node side (host.ts) and the in-page bundle; no Node or DOM imports here. */
export const PAGE_SCRIPT_GLOBAL = '__browserProvider';
export const PAGE_SCRIPT_VERSION = '0.2.0';

/** How the page script is installed (see page/realm.ts); passed by the installer, never read from the page. */
export interface InstallOptions {
  /** `fresh`: take the DOM functions decisions rest on from a new about:blank iframe (no sandbox realm). Default `own`. */
  realm?: 'own' | 'fresh';
  /** The DOM has no layout (jsdom, in unit tests): every box counts as sized. */
  noLayout?: boolean;
}
