/** The engines this server drives, by the names its flags and answers use. */
export const BROWSERS = ['firefox', 'chrome', 'safari'] as const;
export type BrowserName = (typeof BROWSERS)[number];
