/** Names shared by the Node side (host.ts) and the in-page bundle; no Node or DOM imports here. */
export const PAGE_SCRIPT_GLOBAL = '__browserProvider';
export const PAGE_SCRIPT_VERSION = '0.2.0';
