/** How much of an oversized line is kept, to read the request's id from (see leading-id.ts). */
export const HEAD_BYTES = 4096;

/**
 * Splits a byte stream into lines without ever holding more than `maxBytes` of one line: a longer
 * line is dropped as it streams and reported once, at its end, as oversized, with its first
 * HEAD_BYTES.
 */
export class LineSplitter {
  #parts: Buffer[] = [];
  #size = 0;
  #oversized = false;
  #head = '';

  constructor(
    private readonly maxBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onOversized: (bytes: number, head: string) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a, start); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      this.#append(chunk.subarray(start, nl));
      this.#flush();
      start = nl + 1;
    }
    if (start < chunk.length) this.#append(chunk.subarray(start));
  }

  /** Call at end of input: a last line without a newline still counts. */
  end(): void {
    if (this.#size > 0 || this.#oversized) this.#flush();
  }

  #append(part: Buffer): void {
    this.#size += part.length;
    if (this.#oversized) return;
    if (this.#size > this.maxBytes) {
      this.#oversized = true;
      this.#head = headOf([...this.#parts, part]);
      this.#parts = [];
      return;
    }
    this.#parts.push(part);
  }

  #flush(): void {
    if (this.#oversized) this.onOversized(this.#size, this.#head);
    else {
      const line = Buffer.concat(this.#parts).toString('utf8').replace(/\r$/, '');
      if (line.trim() !== '') this.onLine(line);
    }
    this.#parts = [];
    this.#size = 0;
    this.#oversized = false;
    this.#head = '';
  }
}

/** The first HEAD_BYTES of the parts, copying no more than that. */
function headOf(parts: Buffer[]): string {
  const kept: Buffer[] = [];
  let size = 0;
  for (const p of parts) {
    if (size >= HEAD_BYTES) break;
    kept.push(p.subarray(0, HEAD_BYTES - size));
    size += kept[kept.length - 1]!.length;
  }
  return Buffer.concat(kept).toString('utf8');
}
