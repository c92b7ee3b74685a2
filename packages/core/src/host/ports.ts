import { createServer } from 'node:net';

/**
 * A loopback TCP port that was free a moment ago (bind :0, read it, release it). Another process may
 * take it before our driver binds it: callers see the driver exit and try again.
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free loopback port'))));
    });
  });
}
