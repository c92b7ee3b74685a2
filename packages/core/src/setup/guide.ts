import type { BrowserSetupGuide, ParamsOf, ProviderStatus, ResultOf, SetupStep } from '@browser-provider/protocol';
import type { Backend } from '../backend';
import { ERRORS, raise } from '../catalog';
import type { Provider } from '../provider';

/** The engines a setup method covers: the one `browser` names, else all of them, the default first. */
export function enginesAsked(provider: Provider, browser: string | undefined): Backend[] {
  const { engines } = provider;
  if (browser === undefined) return [engines.default, ...engines.list.filter((e) => e !== engines.default)];
  const engine = engines.resolve(browser);
  if (engine !== undefined) return [engine];
  const available = engines.families();
  throw raise(ERRORS.browser_family, `This provider drives ${available.join(', ')}, not ${browser}.`, { available, via: 'provider.setup_guide' }, { details: { requested: browser, available } });
}

export async function setupGuides(provider: Provider, p: ParamsOf<'provider.setup_guide'>): Promise<ResultOf<'provider.setup_guide'>> {
  return { guides: await Promise.all(enginesAsked(provider, p.browser).map(engineGuide)) };
}

/** The engine's own guide, or (an engine without one, e.g. a Grid's) the one its status implies. */
export async function engineGuide(engine: Backend): Promise<BrowserSetupGuide> {
  return engine.setupGuide ? engine.setupGuide() : guideFromStatus(engine, await engine.status());
}

/** A guide made of what `status()` says: its manual steps, nothing invented; done when setup is complete. */
export function guideFromStatus(engine: Backend, s: ProviderStatus): BrowserSetupGuide {
  const said = [...s.manual_steps, ...s.diagnostics.flatMap((d) => d.manual_steps ?? [])];
  const steps: SetupStep[] =
    s.setup_state === 'complete'
      ? [{ code: 'ready', title: `${engine.info.browserLabel} needs nothing more here (provider.status: ${s.availability}).`, done: true }]
      : [...new Set(said)].map((title, i) => ({ code: `status_step_${i + 1}`, title, done: false }));
  return {
    browser_family: engine.info.family,
    browser_label: engine.info.browserLabel,
    platform: process.platform,
    setup_state: s.setup_state,
    steps,
    troubleshooting: s.diagnostics.filter((d) => d.level !== 'info').map((d) => `${d.code}: ${d.message}`),
  };
}
