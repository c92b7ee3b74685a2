import { ProviderError } from './errors';
import type { Provider } from './provider';
import type { MethodRow } from './call-context';
import type { Session } from './session';

/**
 * With several engines behind one server, the dispatcher routes a method that some engine offers;
 * this refuses it, before anything runs, for a session whose own engine lacks it (Safari's session
 * calling `console.list`, a Chrome session calling `firefox.install_extension`). With one engine every
 * routed method is the engine's, and this returns at once.
 */
export function assertEngineOffers(provider: Provider, row: MethodRow, session: Session): void {
  if (!provider.engines.multi) return;
  const engine = provider.engineOf(session);
  const offers = (b: typeof engine) => row.offeredBy(b);
  const method = row.name;
  if (offers(engine)) return;
  const others = provider.engines.list.filter((b) => b !== engine && offers(b)).map((b) => b.info.family);
  const family = engine.info.family;
  throw new ProviderError('unsupported_method', `${method} is not offered by ${family}, the engine of session ${session.id}${others.length > 0 ? `; ${others.join(', ')} offer${others.length === 1 ? 's' : ''} it` : ''}.`, {
    detail: 'engine_lacks_method',
    details: { method, browser_family: family, offered_by: others },
    repair:
      others[0] !== undefined
        ? { method: 'session.ensure', params: { browser_preference: others[0] }, hint: `Open a session on ${others[0]} for ${method} (a new session: its own pages and cookies); capabilities_by_family in provider.describe says what each engine offers.` }
        : { method: 'provider.describe', params: {}, hint: `capabilities_by_family in provider.describe says what each engine offers.` },
  });
}
