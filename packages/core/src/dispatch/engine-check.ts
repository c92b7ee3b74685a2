import { ERRORS, raise } from '../catalog';
import type { Provider } from '../provider';
import type { MethodRow } from './call-context';
import type { Session } from '../state/session';

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
  // The dispatcher routes only a method some engine offers, so `others` names at least one.
  const other = others[0] ?? 'auto';
  throw raise(ERRORS.engine_lacks_method, `${method} is not offered by ${family}, the engine of session ${session.id}${others.length > 0 ? `; ${others.join(', ')} offer${others.length === 1 ? 's' : ''} it` : ''}.`, { method, other }, {
    details: { method, browser_family: family, offered_by: others },
  });
}
