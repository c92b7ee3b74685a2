/**
 * Splits a byte stream into lines without ever holding more than `maxBytes` of one line: a longer
 * line is dropped as it streams and reported once, at its end, as oversized.
 */
export class LineSplitter {
  #parts: Buffer[] = [];
  #size = 0;
  #oversized = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onOversized: (bytes: number) => void,
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
      this.#parts = [];
      return;
    }
    this.#parts.push(part);
  }

  #flush(): void {
    if (this.#oversized) this.onOversized(this.#size);
    else {
      const line = Buffer.concat(this.#parts).toString('utf8').replace(/\r$/, '');
      if (line.trim() !== '') this.onLine(line);
    }
    this.#parts = [];
    this.#size = 0;
    this.#oversized = false;
  }
}
