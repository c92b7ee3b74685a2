import { CLICK_COUNTS, ClickButton, ClickModifier, DragEvents, MEDIA_FEATURE_NAMES, MOUSE_ACTIONS, ScreenshotFormat, type MediaFeature, type MethodOptions, type MouseAction } from '@browser-provider/protocol';
import type { Backend } from '../backend';
import { ERRORS, raise } from '../catalog';
import type { ProviderError } from '../catalog/errors';

/**
 * The method options engines differ on, read from one place: the backend's `clickButtons()` for
 * `page.click` and `screenshotFormats()` for `page.screenshot`. `provider.describe` lists them
 * (`capabilities.method_options`) and a call asking for more is refused here, before anything is
 * checked or dispatched (ops/method-options.ts). Here what an engine offers, and the refusal an
 * engine throws itself for a value it cannot take.
 */

/** The buttons `engine` presses, in the schema's order; `left` always. */
export function clickButtonsOf(engine: Backend): ClickButton[] {
  const listed = engine.clickButtons?.() ?? [];
  return ClickButton.options.filter((b) => b === 'left' || listed.includes(b));
}

/** The image formats `engine` captures, in the schema's order; `png` always. */
export function screenshotFormatsOf(engine: Backend): ScreenshotFormat[] {
  const listed = engine.screenshotFormats?.() ?? [];
  return ScreenshotFormat.options.filter((f) => f === 'png' || listed.includes(f));
}

/** How `page.drag` can make HTML5 drag events on `engine`: in the page always, natively where the engine does. */
export function dragEventsOf(engine: Backend): DragEvents[] {
  return DragEvents.options.filter((m) => m === 'synthesized' || engine.nativeDragEvents?.() === true);
}

/** The `page.mouse` actions `engine` does: all but those its quirks name (a held button it cannot keep, a wheel it lacks). */
export function mouseActionsOf(engine: Backend): MouseAction[] {
  const lacking = engine.mouseActionsLacking?.() ?? [];
  return MOUSE_ACTIONS.filter((a) => !lacking.includes(a));
}

/** The features `page.emulate_media` emulates on `engine`, in the schema's order. */
export function mediaFeaturesOf(engine: Backend): MediaFeature[] {
  const listed = engine.mediaFeatures?.() ?? [];
  return MEDIA_FEATURE_NAMES.filter((f) => listed.includes(f));
}

/** What `provider.describe` says the methods with engine-dependent options take on `engine`. */
export function methodOptionsOf(engine: Backend): MethodOptions {
  return {
    'page.click': { button: clickButtonsOf(engine), click_count: [...CLICK_COUNTS], modifiers: [...ClickModifier.options] },
    'page.screenshot': { format: screenshotFormatsOf(engine) },
    'page.drag': { html5_events: dragEventsOf(engine) },
    'page.mouse': { action: mouseActionsOf(engine), button: clickButtonsOf(engine) },
    ...(engine.optionalMethods().includes('page.emulate_media') ? { 'page.emulate_media': { feature: mediaFeaturesOf(engine) } } : {}),
  };
}

/**
 * `unsupported_target` / `unsupported_option` for a value `engine` does not take. `family` names the
 * session's engine; `offeredBy`, in a server fronting several, the engines that take it.
 */
export function unsupportedOption(
  method: 'page.click' | 'page.screenshot' | 'page.drag' | 'page.emulate_media' | 'page.mouse',
  field: string,
  value: string,
  why: string,
  family?: string,
  offeredBy: readonly string[] = [],
): ProviderError {
  return raise(ERRORS.unsupported_option, `${method} ${field} "${value}" is not offered by ${family ?? 'this engine'}: ${why}`, { method, field, other: offeredBy[0] }, {
    details: { method, field, value, ...(family !== undefined ? { browser_family: family } : {}), offered_by: [...offeredBy] },
  });
}

/** `unsupportedOption` for a mouse button the engine cannot press faithfully. */
export function unsupportedClickOption(field: 'button', value: string, family?: string, offeredBy: readonly string[] = []): ProviderError {
  return unsupportedOption('page.click', field, value, 'its WebDriver does not press and release that button faithfully. Nothing was clicked.', family, offeredBy);
}
