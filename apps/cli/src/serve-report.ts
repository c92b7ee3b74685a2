import { Writable, PassThrough } from 'node:stream';
import { createProviderServer, LineSplitter, serveUntilStopped, type Backend, type ProviderServerOptions } from '@browser-provider/core';

/**
 * `serve --save-session <dir>`: the stdio server, with a session report of every request. The report
 * sits on the two streams, outside the server: each request line is a step, its response line ends
 * it, and the screenshot, console errors and failed requests are read from the step's page as its
 * response is written (Capturer). `provider.describe` answers gain `session_report`: that one is
 * written, and where.
 * The report module is loaded only with the flag, so a plain `serve` never loads it.
 */
export async function serveWithReport(backends: readonly Backend[], options: ProviderServerOptions, save: { dir: string; capBytes?: number | undefined; everyStep?: boolean | undefined }): Promise<void> {
  const { SessionReport, Capturer, directPages, reportFolder } = await import('@browser-provider/mcp');
  const { join } = await import('node:path');
  const log = options.log ?? ((m: string) => process.stderr.write(`[browser-provider] ${m}\n`));
  const server = createProviderServer(backends, { ...options, log });
  /** Which session each page belongs to, from the requests seen: the report's own calls need it. */
  const sessionOf = new Map<string, string>();
  let reportCalls = 0;
  const capturer = new Capturer(
    async (method, params) => {
      const session = sessionOf.get(String(params.page_id));
      return (await server.call({ protocol_version: '0.1', id: `report-${++reportCalls}`, method, params: { ...params, ...(session !== undefined ? { session_id: session } : {}) } })) as never;
    },
    directPages(server.provider, (pageId) => sessionOf.get(pageId)),
  );
  const report = await SessionReport.open({ dir: join(save.dir, reportFolder('session')), surface: 'protocol', capturer, ...(save.capBytes !== undefined ? { capBytes: save.capBytes } : {}), ...(save.everyStep === true ? { shotShare: 1 } : {}), log });
  log(`session report: ${report.dir}`);
  type Pending = { method: string; params: Record<string, unknown>; step: ReturnType<typeof report.begin> };
  const pending = new Map<string, Pending>();

  const input = new PassThrough();
  const splitter = new LineSplitter(
    64 * 1024 * 1024,
    (line) => {
      let req: { id?: unknown; method?: unknown; params?: unknown };
      try {
        req = JSON.parse(line) as typeof req;
      } catch {
        return;
      }
      if (typeof req !== 'object' || req === null || typeof req.method !== 'string' || (typeof req.id !== 'string' && typeof req.id !== 'number')) return;
      const params = typeof req.params === 'object' && req.params !== null ? (req.params as Record<string, unknown>) : {};
      pending.set(JSON.stringify(req.id), { method: req.method, params, step: report.begin(req.method, params) });
    },
    () => undefined,
  );
  process.stdin.on('data', (chunk: Buffer) => {
    splitter.push(chunk);
    input.write(chunk);
  });
  process.stdin.once('end', () => input.end());
  process.stdin.once('close', () => input.end());

  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      let out = chunk;
      try {
        const env = JSON.parse(chunk.toString('utf8')) as { id?: unknown; ok?: boolean; result?: Record<string, unknown>; error?: { code: string; message: string } };
        const p = env.id !== undefined && env.id !== null ? pending.get(JSON.stringify(env.id)) : undefined;
        if (p !== undefined) {
          pending.delete(JSON.stringify(env.id));
          if (p.method === 'provider.describe' && env.ok === true && env.result !== undefined) {
            env.result.session_report = { writing: !report.closed, dir: report.dir, html: report.htmlPath, jsonl: report.jsonlPath, cap_bytes: report.capBytes };
            out = Buffer.from(`${JSON.stringify(env)}\n`);
          }
          const session = typeof p.params.session_id === 'string' ? p.params.session_id : typeof env.result?.session_id === 'string' ? env.result.session_id : undefined;
          const page = typeof env.result?.page_id === 'string' ? env.result.page_id : typeof p.params.page_id === 'string' ? p.params.page_id : undefined;
          if (session !== undefined && page !== undefined) sessionOf.set(page, session);
          p.step.observe(p.method, p.params, env as never);
          p.step.end(answerText(env), env.ok === true, env.ok === true ? undefined : `${env.error?.code ?? 'error'}: ${env.error?.message ?? ''}`);
        }
      } catch (e) {
        log(`session report: ${String(e)}`);
      }
      process.stdout.write(out, done);
    },
  });

  await serveUntilStopped(server.provider, { input, output }, {
    log,
    // The report first: its last captures need the sessions still open.
    beforeStop: async () => {
      const tail = await report.close().catch((e: unknown) => log(`session report: ${String(e)}`));
      if (tail) log(`session report written: ${report.htmlPath} (${tail.steps} steps)`);
    },
    close: (why) => server.close(why),
  });
}

/** The answer as the client read it, with screenshots and other long strings shortened. */
function answerText(env: unknown): string {
  return JSON.stringify(env, (_k, v: unknown) => (typeof v === 'string' && v.length > 2_000 ? `${v.slice(0, 2_000)}… (${v.length - 2_000} more characters)` : v), 1);
}
