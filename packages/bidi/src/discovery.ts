/** The attach endpoint of a browser the user started. Executables and ports: `@browser-provider/core/host`. */

export const ATTACH_URL_ENV = 'BROWSER_PROVIDER_BIDI_URL';

/**
 * The BiDi endpoint to attach to: the option, else BROWSER_PROVIDER_BIDI_URL. A bare `ws://host:port`
 * gets `/session` appended (the WebDriver BiDi path for a new session).
 */
export function resolveAttachUrl(option: string | undefined): string | undefined {
  const raw = option ?? process.env[ATTACH_URL_ENV];
  if (!raw) return undefined;
  const u = new URL(raw);
  if (u.pathname === '/' || u.pathname === '') u.pathname = '/session';
  return u.toString();
}
