import type { CookieInfo } from '@browser-provider/core';
import type { Network } from 'webdriver-bidi-protocol';

/** A cookie as WebDriver BiDi reports it. */
export type BidiCookie = Network.Cookie;

export function toCookieInfo(c: BidiCookie): CookieInfo {
  return {
    name: c.name,
    // A binary (base64) value is shown as its base64 text rather than mangled into UTF-8.
    value: c.value.value,
    domain: c.domain,
    path: c.path,
    ...(typeof c.expiry === 'number' ? { expires: c.expiry } : {}),
    http_only: c.httpOnly,
    secure: c.secure,
    ...(c.sameSite ? { same_site: c.sameSite } : {}),
  };
}
