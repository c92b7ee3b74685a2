import type { CookieInfo, CookieSet } from '@browser-provider/core/backend';
import type { Network, Storage } from 'webdriver-bidi-protocol';

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

/** A cookie to set, as `storage.setCookie` takes it (BiDi's SameSite values are lower case). */
export function toPartialCookie(c: CookieSet): Storage.PartialCookie {
  return {
    name: c.name,
    value: { type: 'string', value: c.value },
    domain: c.domain,
    path: c.path,
    ...(c.expires !== undefined ? { expiry: c.expires } : {}),
    ...(c.http_only !== undefined ? { httpOnly: c.http_only } : {}),
    ...(c.secure !== undefined ? { secure: c.secure } : {}),
    ...(c.same_site !== undefined ? { sameSite: c.same_site.toLowerCase() as Network.SameSite } : {}),
  };
}
