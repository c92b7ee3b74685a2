/** Shared by the in-page recorder and the host that drains it: names and the raw event shapes. */

/** `Symbol.for` key of the installed recorder on the page's global. */
export const FLOW_GLOBAL = 'browser-provider.flow-recorder';
/** sessionStorage key that carries events across a same-origin navigation. */
export const FLOW_STORAGE_KEY = '__bp_flow_pending';

/**
 * A stable description of an element, never a ref: its role and accessible name (as the snapshot
 * computes them), the text of its label or its own text, and a CSS path as the last resort.
 */
export interface FlowTarget {
  role: string;
  name: string;
  label?: string;
  text?: string;
  css: string;
}

export type RawFlowEvent =
  /** `referrer` is empty when no page led here (a typed URL, a bookmark, automation's navigate). */
  | { kind: 'document'; url: string; referrer: string; at: number }
  | { kind: 'click'; target: FlowTarget; at: number }
  | { kind: 'input'; target: FlowTarget; value: string; secret?: boolean; at: number }
  /**
   * Text a person put into a code editor's hidden input (CodeMirror 5's clipped textarea, say), whose
   * value is the editor's input buffer, not its text: what was inserted, not what the field holds.
   */
  | { kind: 'text'; target: FlowTarget; text: string; at: number }
  | { kind: 'select'; target: FlowTarget; values: string[]; labels: string[]; at: number }
  | { kind: 'key'; key: string; target?: FlowTarget; at: number }
  | { kind: 'drag'; target: FlowTarget; to: FlowTarget; at: number };
