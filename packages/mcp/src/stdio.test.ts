import { describe, expect, it } from 'vitest';
import { startStdio } from './testing/servers';

/**
 * `browser-provider mcp` over stdio with the SDK's client, fed lines no client should send. No tool
 * call is made, so no browser starts: this runs with the unit tests.
 */
describe('mcp over stdio: lines it cannot take', () => {
  it('refuses a message over the 10 MiB limit by its id, logs it, and keeps serving; a bad line with an id gets a parse error', async () => {
    const s = await startStdio(['--browser', 'firefox']);
    let out = '';
    s.child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    s.client.onerror = () => undefined; // the refusals answer ids the client never sent
    const huge = `{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"browser_type","arguments":{"target":"e1","text":"${'x'.repeat(11 * 1024 * 1024)}"}}}\n`;
    s.child.stdin.write(huge);
    s.child.stdin.write('this is not json\n');
    s.child.stdin.write('{"jsonrpc":"2.0","id":"q7","method":\n');
    await expect.poll(() => out, { timeout: 30_000 }).toContain('"id":99');
    const lines = out.split('\n').filter((l) => l.includes('"error"')).map((l) => JSON.parse(l) as { id: unknown; error: { code: number; message: string } });
    expect(lines.find((l) => l.id === 99)?.error).toMatchObject({ code: -32600, message: expect.stringMatching(/^Request too large: the message is 1\d{7} bytes; the limit is 10485760\./) });
    await expect.poll(() => out, { timeout: 30_000 }).toContain('"id":"q7","error":{"code":-32700');
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name)).toContain('browser_navigate');
    expect(s.stderr()).toContain('refused a line that is not a JSON-RPC message (16 bytes)');
    expect(s.stderr()).toMatch(/refused a message of 1\d{7} bytes \(the limit is 10485760\) with id 99; still serving/);
    const exited = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
    s.child.stdin.end();
    expect(await exited).toBe(0);
  }, 60_000);

  it('exits non-zero when stopped by a signal', async () => {
    const s = await startStdio(['--browser', 'firefox']);
    await s.client.listTools();
    const exited = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
    s.child.kill('SIGTERM');
    expect(await exited).toBe(143);
  }, 60_000);
});
