/** JSON's escapes as JSON.stringify writes them, for the writers that make JSON or quoted text as bytes. */

/** JSON's two-character escapes, by the character escaped: `"`, `\\`, \b, \f, \n, \r, \t. */
const ESCAPES: Array<number | undefined> = [];
for (const [c, e] of [[0x22, 0x22], [0x5c, 0x5c], [0x08, 0x62], [0x0c, 0x66], [0x0a, 0x6e], [0x0d, 0x72], [0x09, 0x74]] as const) ESCAPES[c] = e;
/** Lower-case hex digits, as JSON.stringify writes `\u001f`. */
const HEX = Buffer.from('0123456789abcdef');

/** The most bytes `writeEscape` writes. */
export const ESCAPE_MAX = 6;

/**
 * Writes at `at` what JSON.stringify writes for `c`, a quote, a backslash or a character below 0x20
 * (`\"`, `\n`, `\u001f`, …), and answers where it ended. The caller keeps ESCAPE_MAX bytes of room.
 */
export function writeEscape(buf: Buffer, at: number, c: number): number {
  buf[at++] = 0x5c;
  const short = ESCAPES[c];
  if (short !== undefined) buf[at++] = short;
  else {
    buf[at++] = 0x75;
    buf[at++] = 0x30;
    buf[at++] = 0x30;
    buf[at++] = HEX[c >> 4] as number;
    buf[at++] = HEX[c & 15] as number;
  }
  return at;
}
