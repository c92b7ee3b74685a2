/** Names shared by the Node side (host.ts) and the in-page bundle; no Node or DOM imports here. */
export const PAGE_SCRIPT_GLOBAL = '__browserProvider';
export const PAGE_SCRIPT_VERSION = '0.2.0';

/** How the page script is installed (see page/realm.ts); passed by the installer, never read from the page. */
export interface InstallOptions {
  /** `fresh`: take the DOM functions decisions rest on from a new about:blank iframe (no sandbox realm). Default `own`. */
  realm?: 'own' | 'fresh';
  /**
   * The script runs in a sandbox realm apart from the page's (BiDi): the backend installs the listener
   * recorder in the page's realm itself, and a copy in the sandbox would see only our own listeners.
   */
  sandbox?: boolean;
  /**
   * The snapshot walker in the page's realm (page/page-walker.ts), under this global name: in the
   * page's realm, install only the walker there; in the sandbox, take it from there and delete the
   * name. Both are preload scripts, the walker's first, so both run before any page script.
   */
  walker?: { name: string; side: 'page' | 'sandbox' };
  /** The DOM has no layout (jsdom, in unit tests): every box counts as sized. */
  noLayout?: boolean;
}
