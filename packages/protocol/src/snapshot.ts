import { z } from 'zod';

export const SNAPSHOT_FORMAT = 'jcode.page_snapshot.v1' as const;

/** States worth telling a model about; absent means false / not applicable. */
export const NodeStates = z.object({
  checked: z.union([z.boolean(), z.literal('mixed')]).optional(),
  disabled: z.boolean().optional(),
  expanded: z.boolean().optional(),
  selected: z.boolean().optional(),
  required: z.boolean().optional(),
  invalid: z.boolean().optional(),
  focused: z.boolean().optional(),
});
export type NodeStates = z.infer<typeof NodeStates>;

export const SnapshotNode = z.object({
  node_id: z.string(),
  role: z.string(),
  name: z.string(),
  text: z.string().optional(),
  element_ref: z.string().optional(),
  actionable: z.boolean().optional(),
  enabled: z.boolean().optional(),
  children: z.array(z.string()).optional(),
  /** Additive fields below. */
  value: z.string().optional(),
  level: z.number().int().optional(),
  href: z.string().optional(),
  states: NodeStates.optional(),
  /**
   * A nameless clickable's hint: page text that tells it apart (a title, an icon's file name, a class
   * word, a test id). Not an accessible name, and printed as `hint:"…"` in the snapshot text.
   */
  hint: z.string().optional(),
  /**
   * Additive: a field whose value is not plain text says its kind and the format its value takes, in
   * our own words: `date YYYY-MM-DD` (with `min..max` when the page sets them), `time HH:MM`,
   * `datetime YYYY-MM-DDTHH:MM`, `month YYYY-MM`, `week YYYY-Www`, `colour #rrggbb`, `range 0..100 step 5`.
   * Printed after the name in the snapshot text: `textbox "Start date" (date YYYY-MM-DD)`.
   */
  format: z.string().optional(),
  /** Additive, with page.snapshot `boxes`: the element's border box in the top-level viewport, CSS pixels (getBoundingClientRect, rounded). */
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).optional(),
});
export type SnapshotNode = z.infer<typeof SnapshotNode>;

export const PageSnapshotV1 = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  root: SnapshotNode,
  nodes: z.array(SnapshotNode),
});
export type PageSnapshotV1 = z.infer<typeof PageSnapshotV1>;

export const SnapshotElement = z.object({
  element_ref: z.string(),
  role: z.string(),
  name: z.string(),
  text: z.string(),
  actionable: z.boolean(),
  enabled: z.boolean(),
  selector_hint: z.string().optional(),
});
export type SnapshotElement = z.infer<typeof SnapshotElement>;
