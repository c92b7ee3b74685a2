/**
 * A stdio provider for testing the conformance runner itself; it never counts as a browser.
 *
 *   node --import tsx fake-provider.ts [--break <what>] [--unavailable] [--wait-timeout-as-result]
 *
 * `--break <scenario id>` breaks the behaviour that scenario certifies (see FakeProvider and
 * fake-actions.ts; error-tier ids included). The other
 * `--break` values break the transport, for the client's tests:
 *   noise         a non-JSON line on stdout at start-up
 *   bad-envelope  provider.describe answers without `warnings`
 *   bad-result    provider.describe's result is off-schema
 *   hang          fake.sleep never answers
 *   crash-on-open page.open kills the process
 *   linger        ignores the end of stdin (must be killed)
 *   exit-code     exits with code 3 when stdin ends
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { METHODS, PROTOCOL_VERSION, RequestEnvelope, isMethodName, type MethodName, type RequestId } from '@browser-provider/protocol';
import { FakeError, FakeProvider } from './fake-handlers';

const { values } = parseArgs({
  options: { break: { type: 'string' }, unavailable: { type: 'boolean' }, 'wait-timeout-as-result': { type: 'boolean' } },
});
const broken = values.break;

function send(envelope: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ protocol_version: PROTOCOL_VERSION, ...envelope })}\n`);
}

function sendError(id: RequestId | null, e: FakeError): void {
  send({ id, ok: false, error: { code: e.code, message: e.message, retryable: e.retryable, details: e.details } });
}

const provider = new FakeProvider(broken, values.unavailable === true, (event, payload) => send({ event, payload }), {
  waitTimeoutAsResult: values['wait-timeout-as-result'] === true,
});
const inFlight = new Set<AbortController>();

async function handle(method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
  if (method === 'fake.sleep') {
    if (broken === 'hang') await new Promise(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, Number(params.ms ?? 0)));
    return { slept: params.ms };
  }
  if (!isMethodName(method)) throw new FakeError('unsupported_method', `${method} is not implemented`);
  // An absent method is unsupported whatever its params: a client probing for it sends none.
  const handler = HANDLERS[method];
  if (!handler) throw new FakeError('unsupported_method', `${method} is not implemented by the fake provider`);
  const parsed = METHODS[method].params.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FakeError('invalid_request', z.prettifyError(parsed.error), { field: issue?.path.join('.') ?? '' });
  }
  if (method === 'page.open' && broken === 'crash-on-open') process.exit(1);
  const result = await handler(parsed.data as never, signal);
  return method === 'provider.describe' && broken === 'bad-result' ? { ...(result as object), capabilities: 'none' } : result;
}

/** The fake's normalized methods; anything absent answers unsupported_method, as the draft demands. */
const HANDLERS: Partial<Record<MethodName, (params: never, signal: AbortSignal) => unknown>> = {
  'provider.describe': () => provider.describe(),
  'provider.status': () => provider.status(),
  'session.ensure': (p) => provider.ensure(p),
  'session.close': (p) => provider.close(p),
  'page.open': (p, signal) => provider.open(p, signal),
  'page.snapshot': (p, signal) => provider.snapshot(p, signal),
  'page.click': (p, signal) => provider.click(p, signal),
  'page.type': (p, signal) => provider.type(p, signal),
  'page.wait': (p, signal) => provider.wait(p, signal),
  'page.screenshot': (p) => provider.screenshot(p),
};

async function onLine(line: string): Promise<void> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    sendError(null, new FakeError('invalid_request', 'the line is not JSON'));
    return;
  }
  const request = RequestEnvelope.safeParse(value);
  if (!request.success) {
    const id = (value as { id?: unknown } | null)?.id;
    sendError(typeof id === 'string' || typeof id === 'number' ? id : null, new FakeError('invalid_request', z.prettifyError(request.error)));
    return;
  }
  const { id, method, params = {} } = request.data;
  const controller = new AbortController();
  inFlight.add(controller);
  try {
    const result = await handle(method, params, controller.signal);
    if (broken === 'bad-envelope' && method === 'provider.describe') send({ id, ok: true, result });
    else send({ id, ok: true, result, warnings: [] });
  } catch (e) {
    sendError(id, e instanceof FakeError ? e : new FakeError('internal_error', 'unexpected failure'));
    if (!(e instanceof FakeError)) process.stderr.write(`[fake] ${String(e)}\n`);
  } finally {
    inFlight.delete(controller);
  }
}

if (broken === 'noise') process.stdout.write('fake provider starting\n');
process.stderr.write(`[fake] started${broken ? ` with --break ${broken}` : ''}\n`);
createInterface({ input: process.stdin, crlfDelay: Infinity })
  .on('line', (line) => void onLine(line))
  .on('close', () => {
    if (broken === 'linger') {
      setInterval(() => undefined, 1_000);
      return;
    }
    for (const c of inFlight) c.abort();
    process.exitCode = broken === 'exit-code' ? 3 : 0;
  });
