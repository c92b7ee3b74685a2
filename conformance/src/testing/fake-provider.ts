/**
 * A stdio provider for testing the conformance runner itself; it never counts as a browser.
 *
 *   node --import tsx fake-provider.ts [--break <what>] [--unavailable]
 *
 * `--break <scenario id>` breaks the behaviour that scenario certifies (see FakeProvider). The other
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
import { METHODS, PROTOCOL_VERSION, RequestEnvelope, isMethodName, type RequestId } from '@browser-provider/protocol';
import { FakeError, FakeProvider } from './fake-handlers';

const { values } = parseArgs({ options: { break: { type: 'string' }, unavailable: { type: 'boolean' } } });
const broken = values.break;

function send(envelope: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ protocol_version: PROTOCOL_VERSION, ...envelope })}\n`);
}

function sendError(id: RequestId | null, e: FakeError): void {
  send({ id, ok: false, error: { code: e.code, message: e.message, retryable: e.retryable, details: e.details } });
}

const provider = new FakeProvider(broken, values.unavailable === true, (event, payload) => send({ event, payload }));
const inFlight = new Set<AbortController>();

async function handle(method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
  if (method === 'fake.sleep') {
    if (broken === 'hang') await new Promise(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, Number(params.ms ?? 0)));
    return { slept: params.ms };
  }
  if (!isMethodName(method)) throw new FakeError('unsupported_method', `${method} is not implemented`);
  const parsed = METHODS[method].params.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FakeError('invalid_request', z.prettifyError(parsed.error), { field: issue?.path.join('.') ?? '' });
  }
  const p = parsed.data as never;
  switch (method) {
    case 'provider.describe': {
      const d = provider.describe();
      return broken === 'bad-result' ? { ...d, capabilities: 'none' } : d;
    }
    case 'provider.status':
      return provider.status();
    case 'session.ensure':
      return provider.ensure(p);
    case 'session.close':
      return provider.close(p);
    case 'page.open':
      if (broken === 'crash-on-open') process.exit(1);
      return provider.open(p, signal);
    case 'page.snapshot':
      return provider.snapshot(p);
    case 'page.click':
      return provider.click(p);
    case 'page.type':
      return provider.type(p);
    case 'page.wait':
      return provider.wait(p, signal);
    case 'page.screenshot':
      return provider.screenshot(p);
    default:
      throw new FakeError('unsupported_method', `${method} is not implemented by the fake provider`);
  }
}

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
