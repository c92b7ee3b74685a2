import { mkdtempSync, writeFileSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findMiniBrowser, findWebKitWebDriver } from './discover';
import { createSafariBackend, LINUX_INSTALL_STEPS } from './index';
import { performActions, send } from './custom-methods';
import { linuxStatus } from './status';

const dir = mkdtempSync(join(tmpdir(), 'bp-safari-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeBinary(name: string): string {
  const p = join(dir, name);
  writeFileSync(p, '#!/bin/sh\nexit 0\n');
  chmodSync(p, 0o755);
  return p;
}

describe('discovery', () => {
  it('prefers the environment overrides', () => {
    const driver = fakeBinary('MyDriver');
    const mini = fakeBinary('MyMini');
    expect(findWebKitWebDriver({ WEBKIT_WEBDRIVER_PATH: driver, PATH: '' })).toBe(driver);
    expect(findMiniBrowser({ MINIBROWSER_PATH: mini })).toBe(mini);
  });
});

describe('Linux status', () => {
  const state = { running: false, sessions: 0, browserVersion: undefined };
  const none = { driver: () => undefined, miniBrowser: () => undefined, xvfb: () => undefined };

  it('reports missing pieces with install steps', async () => {
    const st = await linuxStatus({}, state, false, none);
    expect(st).toMatchObject({ availability: 'unavailable', browser_detected: false, setup_state: 'required', requires_manual_setup: true, manual_steps: LINUX_INSTALL_STEPS });
    expect(st.diagnostics.filter((d) => d.level === 'error').map((d) => d.code).sort()).toEqual(['browser_missing', 'driver_missing', 'xvfb_missing']);
  });

  it('needs Xvfb only without a display', async () => {
    const found = { driver: () => '/x/WebKitWebDriver', miniBrowser: () => '/x/MiniBrowser', xvfb: () => undefined };
    expect((await linuxStatus({ DISPLAY: ':0' }, { ...state, browserVersion: '2.50.6' }, false, found)).availability).toBe('ready');
    const noX = await linuxStatus({}, { ...state, browserVersion: '2.50.6' }, false, found);
    expect(noX).toMatchObject({ availability: 'unavailable', setup_state: 'partial', browser_version: '2.50.6' });
  });

  it('finds the real pieces on this machine', async () => {
    const st = await createSafariBackend({ platform: 'linux' }).status();
    expect(st.availability).toBe('ready');
    expect(st.browser_version).toMatch(/^\d+\.\d+/);
  });

  it('describes the engine truthfully', () => {
    expect(createSafariBackend({ platform: 'linux' }).info).toMatchObject({ family: 'safari', browserLabel: 'WebKit (WebKitGTK MiniBrowser)', engine: { name: 'WebKit', automation: 'WebDriver (classic) via WebKitWebDriver' } });
  });
});

describe('custom methods', () => {
  it('advertise the right gates and validate params', () => {
    const backend = createSafariBackend({ platform: 'linux' });
    const names = backend.customMethods().map((m) => [m.name, m.gate ?? null, m.stability]);
    expect(names).toEqual([
      ['webdriver.perform_actions', null, 'experimental'],
      ['webdriver.send', 'allow-debug', 'experimental'],
    ]);
    expect(z.toJSONSchema(send.params)).toBeTruthy();
    expect(send.params.safeParse({ session_id: 's', method: 'GET', path: '/url' }).success).toBe(true);
    expect(send.params.safeParse({ session_id: 's', method: 'GET', path: '/../../status' }).success).toBe(false);
    expect(send.params.safeParse({ session_id: 's', method: 'DELETE', path: '/' }).success).toBe(false);
    expect(send.params.safeParse({ session_id: 's', method: 'PUT', path: '/url' }).success).toBe(false);
    expect(performActions.params.safeParse({ session_id: 's', actions: [{ type: 'pointer', id: 'm', actions: [{ type: 'pointerMove', x: 1, y: 2 }] }] }).success).toBe(true);
    expect(performActions.params.safeParse({ session_id: 's', actions: [] }).success).toBe(false);
  });

  it('refuse to run without a page of this backend', async () => {
    await expect(performActions.handle({ session_id: 's', actions: [{ type: 'key', id: 'k', actions: [] }] }, { signal: AbortSignal.timeout(100) })).rejects.toMatchObject({ code: 'page_not_found' });
  });
});
