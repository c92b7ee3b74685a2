import type { CookieInfo, CookieSet } from '@browser-provider/core/backend';
import { ERRORS, raise } from '@browser-provider/core/toolkit';
import type { DriverClient } from './client';
import { webdriverErrorName } from './errors';

/**
 * Cookies and the window size over classic WebDriver. Add Cookie (§14.3) and Delete Cookie (§14.4)
 * reach only the current document's cookies, and Set Window Rect (§11.8.2) sizes the window, not the
 * viewport: the viewport is sized by measuring what the window's frame takes and asking again.
 */

/** The driver took the cookie but does not hold it. */
class WireCookieDropped extends Error {}

/** Add Cookie refuses a domain the current document does not domain-match. */
export async function addCookies(c: DriverClient, cookies: readonly CookieSet[], pageUrl: string): Promise<void> {
  for (const k of cookies) {
    const cookie = {
      name: k.name,
      value: k.value,
      domain: k.domain,
      path: k.path,
      ...(k.expires !== undefined ? { expiry: k.expires } : {}),
      ...(k.http_only !== undefined ? { httpOnly: k.http_only } : {}),
      ...(k.secure !== undefined ? { secure: k.secure } : {}),
      ...(k.same_site !== undefined ? { sameSite: k.same_site } : {}),
    };
    try {
      await c.command('POST', '/cookie', { cookie });
      // WebKitWebDriver 2.50 answers success for another domain's cookie and drops it: read it back.
      const all = (await c.getAllCookies()) as Array<{ name: string; domain?: string }>;
      const bare = (d: string | undefined) => (d ?? '').toLowerCase().replace(/^\./, '');
      if (!all.some((x) => x.name === k.name && bare(x.domain) === bare(k.domain))) throw new WireCookieDropped();
    } catch (e) {
      if (!(e instanceof WireCookieDropped) && webdriverErrorName(e).name !== 'invalid cookie domain') throw e;
      throw raise(ERRORS.cookie_domain, `Classic WebDriver sets cookies of the current document only; ${JSON.stringify(k.domain)} is not the domain of ${pageUrl}. Nothing more was set.`, { domain: k.domain }, {
        details: { domain: k.domain },
      });
    }
  }
}

export async function removeCookies(c: DriverClient, cookies: ReadonlyArray<Pick<CookieInfo, 'name'>>): Promise<void> {
  for (const name of new Set(cookies.map((k) => k.name))) await c.command('DELETE', `/cookie/${encodeURIComponent(name)}`);
}

const INNER = 'return [window.innerWidth, window.innerHeight];';

/** Sizes the window so that the viewport is width × height: once to learn the frame, once to correct. */
export async function sizeViewport(c: DriverClient, width: number, height: number): Promise<void> {
  const rect = (await c.command('GET', '/window/rect')) as { width: number; height: number };
  const [iw, ih] = (await c.executeScript(INNER, [])) as [number, number];
  await c.command('POST', '/window/rect', { width: width + (rect.width - iw), height: height + (rect.height - ih) });
}
