/**
 * `@browser-provider/core/toolkit`: what engine adapters reuse to implement the backend interface
 * (`@browser-provider/core/backend`): the W3C input builders and error table, the dialog policy, session
 * folders, safe paths, page-script calls, deadlines, and the errors every engine throws alike. Nothing
 * here runs the server (Dispatcher, Provider, Engines: `@browser-provider/core`).
 */
export * from '../catalog/errors';
/** The error catalog's entries and `raise`: an engine raises a cause the catalog lists through them, so its code, retryable and repair are the catalog's. */
export { ERRORS, raise, type ErrorEntry } from '../catalog';
export * from './deadline';
export { callPageOp } from './page-call';
export { SerialQueue } from './queue';
export { KEY_ALIASES, KEY_CODEPOINTS, chordKeyActions, keyboard, keyValue, lookupKey, textKeyActions } from './w3c/keys';
export { BUTTON_NUMBERS, clickSources, mouse, PLAIN_CLICK, pointerMove, wheel, wheelScroll, type ClickGesture } from './w3c/pointer';
export { W3C_ERROR_TABLE, errorFromRule, isW3cError, w3cErrorRule, type W3cErrorRow, type W3cErrorRule, type WebDriverProtocol } from './w3c/errors';
export { clickButtonsOf, screenshotFormatsOf, unsupportedClickOption, unsupportedOption } from './engine-options';
export { DialogPolicy } from './dialog-policy';
export { ScratchDir } from './scratch';
export { isInside, safeFileName } from './paths';
export { evalSyntaxError, noHistoryEntry } from './refusals';
