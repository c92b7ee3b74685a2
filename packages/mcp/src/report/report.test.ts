import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Capturer, type Caller } from './capture';
import type { Answer } from './facts';
import { SessionReport, type ReportTail, type StepEntry } from './report';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
const tempDir = async () => {
  const d = await mkdtemp(join(tmpdir(), 'bp-report-'));
  dirs.push(d);
  return d;
};

async function folderBytes(dir: string): Promise<number> {
  let n = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) n += e.isDirectory() ? await folderBytes(join(dir, e.name)) : (await stat(join(dir, e.name))).size;
  return n;
}

/** A page that answers screenshots of `shotBytes` bytes (JPEG-like, not compressible by anything here), and logs. */
function fakePage(shotBytes: number): { caller: Caller; console: { level: string; text: string; timestamp: number }[]; requests: Record<string, unknown>[] } {
  const console: { level: string; text: string; timestamp: number }[] = [];
  const requests: Record<string, unknown>[] = [];
  const caller: Caller = async (method) => {
    if (method === 'page.screenshot') {
      const bytes = Buffer.alloc(shotBytes);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
      return { ok: true, result: { page_id: 'p1', image: bytes.toString('base64'), media_type: 'image/jpeg', width: 1280, height: 720 } };
    }
    if (method === 'console.list') return { ok: true, result: { entries: [...console] } };
    if (method === 'network.list') return { ok: true, result: { requests: [...requests] } };
    return { ok: false, error: { code: 'unsupported_method', message: method } };
  };
  return { caller, console, requests };
}

const clickAnswer = (x: number): Answer => ({ ok: true, result: { page_id: 'p1', clicked: true, point: { x, y: 40 }, snapshot: { page_id: 'p1', url: 'http://site.test/', diff: { base_found: true, added: [{ line: '- button "Saved" [e9]' }], removed: [], changed: [] } } } });

async function run(report: SessionReport, steps: number): Promise<{ tail: ReportTail; lines: Record<string, unknown>[]; html: string }> {
  for (let i = 1; i <= steps; i++) {
    const step = report.begin('browser_click', { target: `e${i}` });
    step.observe('page.click', { page_id: 'p1', element_ref: `e${i}` }, clickAnswer(i));
    step.end(`Clicked e${i}.\nPage: http://site.test/ (rev ${i})\n+ button "Saved" [e9]`, true);
  }
  const tail = await report.close();
  const lines = (await readFile(report.jsonlPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  return { tail, lines, html: await readFile(report.htmlPath, 'utf8') };
}

describe('session report', () => {
  it('keeps a 200-step run with a screenshot each under the default cap, every step and screenshot in it', async () => {
    const dir = await tempDir();
    const page = fakePage(60_000);
    const report = await SessionReport.open({ dir, surface: 'mcp', capturer: new Capturer(page.caller), shotShare: 1 });
    const { tail, lines, html } = await run(report, 200);
    expect(tail.left_out).toEqual({ steps: 0, screenshots: 0 });
    expect(lines.filter((l) => l.type === 'step')).toHaveLength(200);
    const bytes = await folderBytes(dir);
    expect(bytes).toBeLessThan(report.capBytes);
    expect(bytes).toBe(tail.bytes);
    expect((await readdir(join(dir, 'shots'))).length).toBe(200);
    expect(html.match(/<img class="thumb"/g)).toHaveLength(200);
    const step = lines[5] as unknown as StepEntry;
    expect(step.point).toEqual({ x: 5, y: 40 });
    expect(step.diff).toEqual(['+ - button "Saved" [e9]']);
  });

  it('stays under a small cap on a 200-step run and says in both files what it left out', async () => {
    const dir = await tempDir();
    const cap = 2 * 1024 * 1024;
    const report = await SessionReport.open({ dir, surface: 'mcp', capturer: new Capturer(fakePage(100_000).caller), capBytes: cap, shotShare: 1 });
    const { tail, lines, html } = await run(report, 200);
    expect(await folderBytes(dir)).toBeLessThanOrEqual(cap);
    expect(tail.left_out.screenshots).toBeGreaterThan(0);
    expect(tail.steps + tail.left_out.steps).toBe(200);
    const end = lines.at(-1) as unknown as ReportTail;
    expect(end.type).toBe('end');
    expect(end.left_out).toEqual(tail.left_out);
    expect(html).toContain(`${tail.left_out.screenshots} screenshots were left out`);
    expect(lines.some((l) => l.screenshot_missing === 'left out: the report is at its size cap')).toBe(true);
  });

  it('attributes console errors and failed requests to the step they appeared in, once', async () => {
    const dir = await tempDir();
    const page = fakePage(100);
    const report = await SessionReport.open({ dir, surface: 'mcp', capturer: new Capturer(page.caller) });
    const step = (n: number) => {
      const s = report.begin('browser_click', { target: `e${n}` });
      s.observe('page.click', { page_id: 'p1' }, clickAnswer(n));
      s.end('Clicked.', true);
    };
    page.console.push({ level: 'log', text: 'hello', timestamp: 1 });
    step(1);
    page.console.push({ level: 'error', text: 'TypeError: x is undefined', timestamp: 2 });
    page.requests.push({ request_id: 'r1', method: 'GET', url: 'http://site.test/missing.png', status: 404 }, { request_id: 'r2', method: 'GET', url: 'http://site.test/ok', status: 200 });
    await new Promise((r) => setTimeout(r, 10));
    step(2);
    await new Promise((r) => setTimeout(r, 10));
    step(3);
    await report.close();
    const steps = (await readFile(report.jsonlPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as StepEntry).filter((l) => l.type === 'step');
    expect(steps.map((s) => s.console_errors.length)).toEqual([0, 1, 0]);
    expect(steps[1]?.failed_requests).toEqual([{ method: 'GET', url: 'http://site.test/missing.png', status: 404 }]);
    expect(steps[2]?.failed_requests).toEqual([]);
  });

  it('masks text typed into a password field in both files, in that step and later ones, and escapes page text', async () => {
    const dir = await tempDir();
    const report = await SessionReport.open({ dir, surface: 'mcp', capturer: new Capturer(fakePage(100).caller) });
    const secret = 'hunter2-Secret';
    const typed = report.begin('browser_type', { target: 'e3', text: secret });
    typed.observe('page.type', { page_id: 'p1', element_ref: 'e3', text: secret }, { ok: true, result: { page_id: 'p1', typed: true, value: '•'.repeat(secret.length) } });
    typed.end(`Typed into Password: it holds "${'•'.repeat(secret.length)}".`, true);
    const plain = report.begin('browser_type', { target: 'e4', text: 'Ada' });
    plain.observe('page.type', { page_id: 'p1', element_ref: 'e4', text: 'Ada' }, { ok: true, result: { page_id: 'p1', typed: true, value: 'Ada' } });
    plain.end('Typed into Name: it holds "Ada".', true);
    const failed = report.begin('browser_type', { target: 'e5', text: 'pin-9876' });
    failed.observe('page.type', { page_id: 'p1', element_ref: 'e5', text: 'pin-9876' }, { ok: false, error: { code: 'timeout', message: 'timed out' } });
    failed.end('Error: timed out', false, 'timeout');
    const later = report.begin('browser_evaluate', { function: `() => "${secret}"` });
    later.end(`Result: "${secret}" <script>alert(1)</script>`, true);
    await report.close();
    const jsonl = await readFile(report.jsonlPath, 'utf8');
    const html = await readFile(report.htmlPath, 'utf8');
    for (const text of [jsonl, html]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('pin-9876');
      expect(text).toContain('•'.repeat(secret.length));
      expect(text).toContain('Ada');
    }
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
  });

  it('masks keys pressed one by one into a focused password field, and the password they spell, but not keys into other fields', async () => {
    const dir = await tempDir();
    const report = await SessionReport.open({ dir, surface: 'mcp', capturer: new Capturer(fakePage(100).caller) });
    const press = (key: string, line: string, was: string) => {
      const step = report.begin('browser_press_key', { key });
      const diff = { base_found: true, added: [], removed: [], changed: [{ line, was }] };
      step.observe('page.press', { page_id: 'p1', key, snapshot: 'diff' }, { ok: true, result: { page_id: 'p1', pressed: true, snapshot: { page_id: 'p1', url: 'http://site.test/', diff } } });
      step.end(`Pressed ${key}.\n~ ${line}`, true);
    };
    const secret = 'zq7Kx';
    [...secret].forEach((k, i) => press(k, `- textbox "Password" [e3]: ${'•'.repeat(i + 1)}`, `- textbox "Password" [e3]${i > 0 ? `: ${'•'.repeat(i)}` : ''}`));
    press('Enter', '- textbox "Password" [e3]: •••••', '- textbox "Password" [e3]: •••••');
    press('W', '- textbox "Name" [e4]: W', '- textbox "Name" [e4]');
    const later = report.begin('browser_evaluate', { function: '() => 1' });
    later.end(`Result: "${secret}"`, true);
    await report.close();
    const lines = (await readFile(report.jsonlPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const steps = lines.filter((l) => l.type === 'step') as unknown as StepEntry[];
    expect(steps.slice(0, 5).map((s) => (s.args as { key: string }).key)).toEqual(['•', '•', '•', '•', '•']);
    expect((steps[5]?.args as { key: string }).key).toBe('Enter');
    expect((steps[6]?.args as { key: string }).key).toBe('W');
    const html = await readFile(report.htmlPath, 'utf8');
    for (const text of [JSON.stringify(steps), html]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('Pressed z.');
      expect(text).toContain('Pressed W.');
    }
  });

  it('masks the string literals of an evaluated function that writes a password field, and leaves other functions readable', async () => {
    const dir = await tempDir();
    const report = await SessionReport.open({ dir, surface: 'mcp', capturer: new Capturer(fakePage(100).caller) });
    const secret = 'Tr0ub4dor&3';
    const fn = `() => { document.querySelector('input[type=password]').value = '${secret}'; }`;
    const step = report.begin('browser_evaluate', { function: fn });
    step.observe('page.eval', { page_id: 'p1', expression: fn }, { ok: true, result: { value: null, type: 'undefined' } });
    step.end('Result: undefined', true);
    const plainFn = `() => { document.querySelector('#name').value = "Grace Hopper"; }`;
    const plain = report.begin('browser_evaluate', { function: plainFn });
    plain.observe('page.eval', { page_id: 'p1', expression: plainFn }, { ok: true, result: { value: null, type: 'undefined' } });
    plain.end('Result: undefined', true);
    await report.close();
    for (const text of [await readFile(report.jsonlPath, 'utf8'), await readFile(report.htmlPath, 'utf8')]) {
      expect(text).not.toContain(secret);
      expect(text).toContain('input[type=password]');
      expect(text).toContain('•'.repeat(secret.length));
      expect(text).toContain('Grace Hopper');
    }
  });

  it('reads a page directly where it can, falling back to PNG where JPEG fails, and names the file by what the image is', async () => {
    const dir = await tempDir();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(200)]);
    const asked: string[] = [];
    const page = {
      screenshot: async (opts: { format?: string }) => {
        asked.push(opts.format ?? 'png');
        if (opts.format === 'jpeg') throw new Error('this engine captures PNG only');
        return { data: png.toString('base64'), width: 800, height: 600 };
      },
      consoleEntries: () => [{ level: 'error', text: 'direct error', timestamp: 5 }],
    };
    const viaProtocol: Caller = async () => {
      throw new Error('the direct page should have been read');
    };
    const report = await SessionReport.open({ dir, surface: 'protocol', capturer: new Capturer(viaProtocol, (id) => (id === 'p1' ? page : undefined)), shotShare: 1 });
    for (let i = 1; i <= 2; i++) {
      const s = report.begin('page.click', { page_id: 'p1' });
      s.observe('page.click', { page_id: 'p1' }, clickAnswer(i));
      s.end('{}', true);
    }
    await report.close();
    const steps = (await readFile(report.jsonlPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as StepEntry).filter((l) => l.type === 'step');
    expect(steps.map((s) => s.screenshot)).toEqual(['shots/0001.png', 'shots/0002.png']);
    // JPEG is tried once; PNG from then on.
    expect(asked).toEqual(['jpeg', 'png', 'png']);
    expect(steps.map((s) => s.console_errors.length)).toEqual([1, 0]);
    expect(steps[0]?.failed_requests).toEqual([]);
  });

  it('keeps screenshots to 5 % of the run\'s time by default: a fast run gets fewer, each step without one saying why', async () => {
    const dir = await tempDir();
    const page = fakePage(100);
    const slow: Caller = async (method, params) => {
      if (method === 'page.screenshot') await new Promise((r) => setTimeout(r, 40));
      return page.caller(method, params);
    };
    const report = await SessionReport.open({ dir, surface: 'mcp', capturer: new Capturer(slow) });
    const started = performance.now();
    for (let i = 1; i <= 40; i++) {
      const s = report.begin('browser_click', { target: `e${i}` });
      s.observe('page.click', { page_id: 'p1' }, clickAnswer(i));
      s.end('Clicked.', true);
      await new Promise((r) => setTimeout(r, 10));
    }
    const elapsed = performance.now() - started;
    await report.close();
    const steps = (await readFile(report.jsonlPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as StepEntry).filter((l) => l.type === 'step');
    const shots = steps.filter((s) => s.screenshot !== undefined).length;
    expect(steps[0]?.screenshot).toBeDefined();
    expect(shots).toBeLessThan(40);
    // At most 5 % of the time, plus the one that was allowed when the budget was last under it.
    expect((shots - 1) * 40).toBeLessThanOrEqual(0.05 * elapsed + 40);
    for (const s of steps.filter((x) => x.screenshot === undefined)) expect(s.screenshot_missing).toMatch(/^skipped: screenshots may take at most 5 %/);
  });
});
