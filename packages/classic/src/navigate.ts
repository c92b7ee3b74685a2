import type { DriverClient } from './client';

export type WaitUntil = 'load' | 'domcontentloaded' | 'none';

/**
 * Navigation over classic WebDriver. Navigate To (§10.1) blocks until the document is loaded
 * according to the session's pageLoadStrategy, and classic WebDriver cannot choose per navigation.
 * We run sessions with the default `normal` strategy, so every `waitUntil` waits for `load`:
 * `domcontentloaded` and `none` get a stronger guarantee than asked, never a weaker one.
 *
 * Why not `eager`: WebKitGTK 2.50 — with pageLoadStrategy `eager`, an Execute Script sent right after
 * Navigate To hangs until the script timeout (measured here), so `eager` cannot serve `load` by
 * polling readyState. And firing `location.href = url` from a script does not help `none` either:
 * the driver makes the next command wait for the navigation anyway.
 */
export async function navigate(client: DriverClient, url: string, _waitUntil: WaitUntil, _signal: AbortSignal): Promise<void> {
  await client.navigateTo(url);
}
