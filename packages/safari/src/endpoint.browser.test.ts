import { expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { waitForDriver } from '@browser-provider/classic';
import { freeLoopbackPort, pidLive, spawnOwned } from '@browser-provider/core/host';
import { findWebKitWebDriver } from './discover';
import { defaultSpawner, startDriverEndpoint } from './endpoint';

/**
 * Twelve sessions started at once once failed with "The WebDriver server exited (code 1)": two drivers
 * were told the same port, the second could not bind it and exited, but the first answered its Status
 * check, so the second was taken as started. A driver counts as started only on a port of its own.
 */
describeEngine('safari')('WebKitWebDriver start on a port another driver holds', () => {
  const driver = findWebKitWebDriver();
  it.runIf(driver !== undefined && process.platform === 'linux')('does not take the other driver for its own, and starts on a new port', async () => {
    const command = driver as string;
    const taken = await freeLoopbackPort();
    const holder = spawnOwned(command, [`--port=${taken}`], {});
    try {
      await waitForDriver(taken, AbortSignal.timeout(30_000), () => holder.exitReason);
      const offered: number[] = [];
      const pick = async () => {
        const port = offered.length === 0 ? taken : await freeLoopbackPort();
        offered.push(port);
        return port;
      };
      const ep = await startDriverEndpoint(defaultSpawner, command, (p) => [`--port=${p}`], process.env, AbortSignal.timeout(30_000), pick);
      try {
        expect(offered[0]).toBe(taken);
        expect(ep.port).not.toBe(taken);
        expect(ep.exitReason).toBeUndefined();
        expect(ep.pids().every(pidLive)).toBe(true);
        expect(holder.exitReason).toBeUndefined();
      } finally {
        await ep.kill();
      }
    } finally {
      await holder.kill(1500);
    }
  });
});
