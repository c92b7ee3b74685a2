import type { NotActionableCode } from '@browser-provider/page-script';
import { ERROR_CODES } from '@browser-provider/protocol';
import type { Ids } from './args';
import * as backends from './backends';
import * as elements from './elements';
import type { ErrorEntry } from './entry';
import * as flow from './flow';
import * as request from './request';
import * as session from './session';

/** Every entry, by its detail code (unique across the catalog, so the name is the detail). */
export const ERRORS = { ...request, ...session, ...elements, ...flow, ...backends };

/**
 * The entries in docs order: by protocol code (the draft's order), then by detail. Details are ASCII
 * snake_case, so code-unit order is the same as localeCompare's; localeCompare at import would load
 * ICU's collation data into every server (about 2.5 MB of RSS, issue 33).
 */
export const CATALOG: readonly ErrorEntry<unknown>[] = (Object.values(ERRORS) as unknown as ErrorEntry<unknown>[]).sort(
  (a, b) => ERROR_CODES.indexOf(a.code) - ERROR_CODES.indexOf(b.code) || (a.detail < b.detail ? -1 : a.detail > b.detail ? 1 : 0),
);

const BY_PAIR = new Map(CATALOG.map((e) => [`${e.code}/${e.detail}`, e]));

/** The entry of a (code, detail) pair as an answer carries it; undefined for a cause outside the catalog (a backend's own). */
export function catalogEntry(code: string, detail: unknown): ErrorEntry<unknown> | undefined {
  return typeof detail === 'string' ? BY_PAIR.get(`${code}/${detail}`) : undefined;
}

/** What `notActionable` raises for each cause the page's check reports (stale_ref has its own path). */
type ActionArgs = Ids & { element_ref: string; cover?: string | undefined };
export const ACTIONABILITY: Record<Exclude<NotActionableCode, 'stale_ref'>, ErrorEntry<ActionArgs>> = {
  obscured: elements.obscured,
  disabled: elements.disabled as ErrorEntry<ActionArgs>,
  not_visible: elements.not_visible,
  unstable: elements.unstable,
  file_input: elements.file_input,
  not_editable: elements.not_editable as ErrorEntry<ActionArgs>,
  not_select: elements.not_select as ErrorEntry<ActionArgs>,
  no_option: elements.no_option as ErrorEntry<ActionArgs>,
  untrusted_realm: elements.untrusted_realm as unknown as ErrorEntry<ActionArgs>,
};
