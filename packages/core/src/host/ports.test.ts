import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freeLoopbackPort, listenerOwnedBy } from './ports';

describe('freeLoopbackPort', () => {
  it('never hands out the same port twice within a minute, though the OS offers ports again', async () => {
    // Linux gives a just-released ephemeral port back to the next bind(:0) now and then (17 in 500 here);
    // a driver that had not bound its port yet would then share it with the next one.
    const ports: number[] = [];
    for (let i = 0; i < 500; i++) ports.push(await freeLoopbackPort());
    expect(new Set(ports).size).toBe(ports.length);
  });
});

describe.runIf(process.platform === 'linux')('listenerOwnedBy', () => {
  it('tells the process that listens on a port from one that does not', async () => {
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as { port: number }).port;
    const other = spawn('sleep', ['30']);
    try {
      expect(listenerOwnedBy(port, [process.pid])).toBe(true);
      expect(listenerOwnedBy(port, [other.pid as number])).toBe(false);
      expect(listenerOwnedBy(port, [other.pid as number, process.pid])).toBe(true);
    } finally {
      other.kill();
      await new Promise<void>((r) => srv.close(() => r()));
    }
    // Nobody listens any more: /proc cannot name an owner.
    expect(listenerOwnedBy(port, [process.pid])).toBeUndefined();
  });
});
