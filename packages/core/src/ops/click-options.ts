import { CLICK_COUNTS, ClickButton, ClickModifier, type MethodOptions, type ParamsOf } from '@browser-provider/protocol';
import type { Backend, ClickGesture } from '../backend';
import { ProviderError } from '../errors';
import type { Provider } from '../provider';
import type { Session } from '../session';

/**
 * The `page.click` options engines differ on, read from one place: the backend's `clickButtons()`.
 * `provider.describe` lists them (`capabilities.method_options`) and a click asking for more is
 * refused here, before anything is checked or dispatched.
 */

/** The buttons `engine` presses, in the schema's order; `left` always. */
export function clickButtonsOf(engine: Backend): ClickButton[] {
  const listed = engine.clickButtons?.() ?? [];
  return ClickButton.options.filter((b) => b === 'left' || listed.includes(b));
}

/** What `provider.describe` says `page.click` takes on `engine`. */
export function methodOptionsOf(engine: Backend): MethodOptions {
  return { 'page.click': { button: clickButtonsOf(engine), click_count: [...CLICK_COUNTS], modifiers: [...ClickModifier.options] } };
}

/**
 * `unsupported_target` / `unsupported_option` for a button the engine cannot press. `family` names the
 * session's engine; `offeredBy`, in a server fronting several, the engines that press it.
 */
export function unsupportedClickOption(field: 'button', value: string, family?: string, offeredBy: readonly string[] = []): ProviderError {
  const other = offeredBy[0];
  return new ProviderError('unsupported_target', `page.click ${field} "${value}" is not offered by ${family ?? 'this engine'}: its WebDriver does not press and release that button faithfully. Nothing was clicked.`, {
    detail: 'unsupported_option',
    details: { method: 'page.click', field, value, ...(family !== undefined ? { browser_family: family } : {}), offered_by: [...offeredBy] },
    repair:
      other !== undefined
        ? { method: 'session.ensure', params: { browser_preference: other }, hint: `Open a session on ${other} for this click (a new session: its own pages and cookies).` }
        : { method: 'provider.describe', params: {}, hint: 'capabilities.method_options["page.click"] lists the buttons this engine presses.' },
  });
}

/** The gesture a `page.click` asks for; refused when the session's engine cannot do it. */
export function clickGesture(provider: Provider, session: Session, p: ParamsOf<'page.click'>): ClickGesture {
  const button = p.button ?? 'left';
  const engine = provider.engineOf(session);
  if (!clickButtonsOf(engine).includes(button)) {
    const others = provider.engines.list.filter((b) => b !== engine && clickButtonsOf(b).includes(button)).map((b) => b.info.family);
    throw unsupportedClickOption('button', button, engine.info.family, others);
  }
  return { button, count: (p.click_count ?? 1) as ClickGesture['count'], modifiers: p.modifiers ?? [] };
}
