import type { CookieInfo } from '@browser-provider/core';

/** A cookie as WebDriver BiDi reports it (network.Cookie). */
export interface BidiCookie {
  name: string;
  value: { type: 'string' | 'base64'; value: string };
  domain: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite?: string;
  /** Seconds since the epoch; absent for a session cookie. */
  expiry?: number;
}

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
