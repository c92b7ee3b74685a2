import type { ClickButton, DragEvents, MouseAction, ParamsOf, ScreenshotFormat } from '@browser-provider/protocol';
import type { Backend } from '../backend';
import type { ClickGesture } from '../toolkit/w3c/pointer';
import type { Provider } from '../provider';
import type { Session } from '../state/session';
import { clickButtonsOf, dragEventsOf, mouseActionsOf, screenshotFormatsOf, unsupportedClickOption, unsupportedOption } from '../toolkit/engine-options';

// What a call asks of the options engines differ on (toolkit/engine-options.ts), checked before anything runs.

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

/** Refuses a `page.mouse` action or button the session's engine cannot do, before anything is dispatched. */
export function mouseOptions(provider: Provider, session: Session, action: MouseAction, button: ClickButton): void {
  const engine = provider.engineOf(session);
  const others = (ok: (b: Backend) => boolean) => provider.engines.list.filter((b) => b !== engine && ok(b)).map((b) => b.info.family);
  if (!mouseActionsOf(engine).includes(action)) {
    throw unsupportedOption('page.mouse', 'action', action, 'its WebDriver does not do that faithfully (docs/mouse.md says why). Nothing was dispatched.', engine.info.family, others((b) => mouseActionsOf(b).includes(action)));
  }
  if ((action === 'down' || action === 'up' || action === 'click') && !clickButtonsOf(engine).includes(button)) {
    throw unsupportedOption('page.mouse', 'button', button, 'its WebDriver does not press and release that button faithfully. Nothing was dispatched.', engine.info.family, others((b) => clickButtonsOf(b).includes(button)));
  }
}

/** How a `page.drag` makes HTML5 drag events: as asked, or natively where the engine can; refused when it cannot. */
export function dragEvents(provider: Provider, session: Session, p: ParamsOf<'page.drag'>): DragEvents {
  const engine = provider.engineOf(session);
  const offered = dragEventsOf(engine);
  const mode = p.html5_events ?? (offered.includes('native') ? 'native' : 'synthesized');
  if (!offered.includes(mode)) {
    const others = provider.engines.list.filter((b) => b !== engine && dragEventsOf(b).includes(mode)).map((b) => b.info.family);
    throw unsupportedOption('page.drag', 'html5_events', mode, 'its WebDriver makes no HTML5 drop from pointer input, so page.drag dispatches the drag events in the page (html5_events "synthesized"). Nothing was dragged.', engine.info.family, others);
  }
  return mode;
}

/** The image format a `page.screenshot` asks for; refused when the session's engine cannot capture it. */
export function screenshotFormat(provider: Provider, session: Session, p: ParamsOf<'page.screenshot'>): ScreenshotFormat {
  const format = p.format ?? 'png';
  const engine = provider.engineOf(session);
  if (!screenshotFormatsOf(engine).includes(format)) {
    const others = provider.engines.list.filter((b) => b !== engine && screenshotFormatsOf(b).includes(format)).map((b) => b.info.family);
    throw unsupportedOption('page.screenshot', 'format', format, 'its WebDriver captures PNG only, and the provider does not re-encode images. Nothing was captured.', engine.info.family, others);
  }
  return format;
}
