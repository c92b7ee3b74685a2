import type { ResultOf } from '@browser-provider/protocol';
import type { NetworkBody } from '../backend';
import { cut, LIMITS } from '../state/limits';

type Body = NonNullable<ResultOf<'network.request'>['response_body']>;

/**
 * A body as `network.request` answers it: `text` only when it is text, else its bytes as `base64`,
 * decided by what is in it, not by what the engine handed over. BiDi's `network.getData` gives a
 * string for many bodies that are not text, decoded a byte to a character (Firefox 153: a
 * text/plain body with NUL in it; Firefox 153 and Chromium 156: every request body, so UTF-8 reads
 * as "Ã©"). A string whose characters all fit a byte is read back as those bytes: bytes with a NUL,
 * or that are not UTF-8 where the engine gave base64, are binary; bytes that are UTF-8 are that text.
 */
export function bodyOf(raw: NetworkBody, mediaType: string | undefined): Body {
  const type = mediaType === undefined ? {} : { media_type: cut(mediaType, LIMITS.headerChars) };
  const given = 'text' in raw ? raw.text : undefined;
  // Characters past a byte: the engine decoded it as text (by its charset), so it is text.
  if (given !== undefined && !byteString(given)) return given.includes('\0') ? binary(Buffer.from(given, 'utf8'), type) : text(given, Buffer.byteLength(given), type);
  const bytes = 'base64' in raw ? Buffer.from(raw.base64, 'base64') : Buffer.from(raw.text, 'latin1');
  if (bytes.includes(0)) return binary(bytes, type);
  const utf8 = decodeUtf8(bytes);
  if (utf8 !== undefined) return text(utf8, bytes.length, type);
  // Not UTF-8: base64 from the engine is bytes it would not call text; a string it gave is text in
  // a one-byte charset (Latin-1, windows-1252), already decoded.
  return given === undefined ? binary(bytes, type) : text(given, Buffer.byteLength(given), type);
}

const byteString = (s: string) => !/[^\u0000-\u00ff]/.test(s);

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });
function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

function text(s: string, size: number, type: { media_type?: string }): Body {
  const truncated = s.length > LIMITS.bodyChars;
  return { text: truncated ? s.slice(0, LIMITS.bodyChars) : s, size, ...type, ...(truncated ? { truncated: true } : {}) };
}

function binary(bytes: Buffer, type: { media_type?: string }): Body {
  const b64 = bytes.toString('base64');
  const truncated = b64.length > LIMITS.bodyChars;
  return { base64: truncated ? b64.slice(0, LIMITS.bodyChars - (LIMITS.bodyChars % 4)) : b64, size: bytes.length, ...type, ...(truncated ? { truncated: true } : {}) };
}
