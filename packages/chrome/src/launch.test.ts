import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchChrome } from './launch';

/**
 * A stand-in chromedriver: the first `fails` starts print what chromedriver 156 prints when its port
 * was taken on ::1 between our probe and its bind, and exit 1; the next one starts and stays up.
 * Each start appends its --port argument to a log.
 */
function standInDriver(dir: string, fails: number): { driver: string; ports: () => string[] } {
  const log = join(dir, 'ports.log');
  writeFileSync(log, '');
  const driver = join(dir, 'chromedriver');
  writeFileSync(
    driver,
    `#!/bin/sh
echo "$1" >> '${log}'
n=$(wc -l < '${log}')
echo "Starting ChromeDriver 156.0.0.0 on port \${1#--port=}"
if [ "$n" -le ${fails} ]; then
  echo "IPv6 port not available. Exiting..."
  echo "[1.0][SEVERE]: bind() failed: Address already in use (98)"
  exit 1
fi
echo "ChromeDriver was started successfully on port \${1#--port=}."
exec sleep 60
`,
  );
  chmodSync(driver, 0o755);
  return { driver, ports: () => readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) };
}

describe('launchChrome', () => {
  const dirs: string[] = [];
  const kills: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const k of kills.splice(0)) await k();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const scratch = () => {
    const d = mkdtempSync(join(tmpdir(), 'bp-chrome-launch-'));
    dirs.push(d);
    return d;
  };

  it('starts the driver again on another port when its port was taken before it bound', async () => {
    const { driver, ports } = standInDriver(scratch(), 2);
    const launched = await launchChrome({ driverPath: driver, executablePath: '/bin/true', args: [] }, AbortSignal.timeout(20_000));
    kills.push(() => launched.process.kill());
    expect(ports()).toHaveLength(3);
    expect(new Set(ports()).size).toBe(3);
    expect(launched.url).toBe(`ws://127.0.0.1:${ports()[2]!.replace('--port=', '')}/session`);
  });

  it('reports a launch failure, with the driver\'s words, once three drivers in a row lost their port', async () => {
    const { driver, ports } = standInDriver(scratch(), 5);
    const err = await launchChrome({ driverPath: driver, executablePath: '/bin/true', args: [] }, AbortSignal.timeout(20_000)).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/chromedriver did not start: .*Address already in use/s);
    expect(ports()).toHaveLength(3);
  });
});
