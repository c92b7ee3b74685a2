import type { ResponseEnvelope } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { ProviderLink } from './link';
import { TOOLS, VOCABULARY } from './tools';

/** browser_status over the draft's setup methods, against a provider that answers from canned results. */

const STATUS = { availability: 'unavailable', browser_detected: false, browser_running: false, setup_state: 'required', requires_manual_setup: true, recommended_browser: 'chrome', manual_steps: [], diagnostics: [], sessions: 0 };
const GUIDE = {
  guides: [
    {
      browser_family: 'chrome',
      browser_label: 'Chrome',
      platform: 'linux',
      setup_state: 'required',
      steps: [
        { code: 'install_packages', title: 'Install Chromium and its chromedriver', done: false, commands: ['sudo apt-get update', 'sudo apt-get install -y chromium chromium-driver'] },
        { code: 'already', title: 'Something this host has', done: true },
      ],
      troubleshooting: [],
    },
  ],
};
const VERIFY = {
  ok: false,
  diagnostics: [{ level: 'error', code: 'browser_missing', message: 'Chrome failed opening a session: chromedriver not found.', manual_steps: ['sudo apt-get install chromium chromium-driver'] }],
  verified: [],
};

function provider() {
  const calls: string[] = [];
  const answers: Record<string, unknown> = { 'provider.status': STATUS, 'provider.setup_guide': GUIDE, 'provider.verify': VERIFY };
  const server = {
    async call(req: unknown): Promise<ResponseEnvelope> {
      const { id, method } = req as { id: string; method: string };
      calls.push(method);
      return { protocol_version: '0.1', id, ok: true, result: answers[method], warnings: [] };
    },
  };
  return { ctx: { link: new ProviderLink(server), vocab: VOCABULARY }, calls };
}

const status = TOOLS.find((t) => t.name === 'browser_status') as (typeof TOOLS)[number];

describe('browser_status', () => {
  it('adds the setup steps still to do, and runs provider.verify only when asked', async () => {
    const plain = provider();
    const a = await status.run(plain.ctx, {});
    expect(plain.calls.sort()).toEqual(['provider.setup_guide', 'provider.status']);
    expect(a.text).toContain('chrome: Install Chromium and its chromedriver — sudo apt-get update && sudo apt-get install -y chromium chromium-driver');
    expect(a.text).not.toContain('Something this host has');
    expect(a.structured).toMatchObject({ availability: 'unavailable', setup_guide: GUIDE.guides });

    const checked = provider();
    const b = await status.run(checked.ctx, { verify: true });
    expect(checked.calls).toContain('provider.verify');
    expect(b.text).toContain('Verify: FAILED');
    expect(b.text).toContain('error browser_missing: Chrome failed opening a session: chromedriver not found. (sudo apt-get install chromium chromium-driver)');
    expect(b.structured).toMatchObject({ verify: VERIFY });
  });
});
