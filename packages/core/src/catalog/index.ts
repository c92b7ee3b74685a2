import type { NotActionableCode } from '@browser-provider/page-script';
import * as elements from './elements';
import type { Ids } from './args';
import type { ErrorEntry } from './entry';
import * as request from './request';

export { raise, repairOf, defineError } from './entry';
export type { ErrorEntry, McpCall, McpRepair, RaiseOptions, RepairSpec, WireError } from './entry';
export { PATH_PLACEHOLDER, type Ids } from './args';

/** Every entry, by its detail code (unique across the catalog). */
export const ERRORS = { ...request, ...elements };

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
