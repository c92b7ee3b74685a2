import type { DragEvents, ParamsOf, ScreenshotFormat } from '@browser-provider/protocol';
import type { ClickGesture } from '../w3c/pointer';
import type { Provider } from '../provider';
import type { Session } from '../session';
import { clickButtonsOf, dragEventsOf, screenshotFormatsOf, unsupportedClickOption, unsupportedOption } from '../toolkit/engine-options';

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
