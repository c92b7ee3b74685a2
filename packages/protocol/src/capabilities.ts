import { z } from 'zod';

export const Stability = z.enum(['stable', 'experimental', 'deprecated']);
export type Stability = z.infer<typeof Stability>;

/** The draft's feature vocabulary; providers list only what actually works for them. */
export const FEATURES = [
  'element_refs',
  'a11y_snapshot',
  'dom_snapshot',
  'html_snapshot',
  'full_page_screenshot',
  'attach_existing_browser',
  'persistent_profile',
  'isolated_contexts',
  'js_eval',
  'network_observe',
  'console_observe',
  'file_upload',
  'download_observe',
  'manual_setup_required',
  'extension_required',
  'remote_debugging_required',
] as const;
export const Feature = z.enum(FEATURES);
export type Feature = z.infer<typeof Feature>;

export const CustomMethodInfo = z.object({
  name: z.string(),
  description: z.string(),
  stability: Stability,
  input_schema: z.record(z.string(), z.unknown()).optional(),
  output_schema: z.record(z.string(), z.unknown()).optional(),
  /**
   * Additive: the method can change the page, the session or the browser (input, an install, a raw
   * protocol command). While a job runs in the session it is refused with `job_active`, and a call cut
   * off once started answers `outcome: "unknown"`. False: it only reads, and repeating it is safe.
   */
  mutating: z.boolean().optional(),
  /** Additive: the method exists but is refused unless the server was started with `gate_flag`. */
  gated: z.boolean().optional(),
  enabled: z.boolean().optional(),
  gate_flag: z.string().optional(),
  /**
   * Additive: values of some params that a server flag decides. The method is callable either way;
   * while the flag is not set (`enabled` false) it refuses what `rule` says with `permission_denied`.
   */
  param_gates: z.array(z.object({ params: z.array(z.string()), gate_flag: z.string(), enabled: z.boolean(), rule: z.string() })).optional(),
});
export type CustomMethodInfo = z.infer<typeof CustomMethodInfo>;

/**
 * Additive: a method whose availability a server flag decides. A gated method that is not enabled is
 * absent from `optional_methods` (and its feature from `features`) but listed here, so a client can
 * tell "not offered by this engine" from "refused until the operator sets `gate_flag`".
 */
export const GatedMethodInfo = z.object({
  name: z.string(),
  gated: z.literal(true),
  enabled: z.boolean(),
  gate_flag: z.string(),
  /** The feature the method stands for (`js_eval` for `page.eval`), listed in `features` only when enabled. */
  feature: z.string().optional(),
});
export type GatedMethodInfo = z.infer<typeof GatedMethodInfo>;

/**
 * Additive: for options whose values engines differ on, the values this engine takes, by method and
 * param (`{"page.click": {"button": ["left", "middle", "right"], "click_count": [1, 2, 3], …}}`). A param
 * not listed takes every value its schema allows; a value its schema allows but this list lacks is
 * refused with `unsupported_target` / `unsupported_option` before anything is dispatched.
 */
export const MethodOptions = z.record(z.string(), z.record(z.string(), z.array(z.union([z.string(), z.number()]))));
export type MethodOptions = z.infer<typeof MethodOptions>;

/** How a video gets its frames on an engine: the engine's screencast, or its screenshots at the asked rate. */
export const VideoCapture = z.enum(['screencast', 'screenshots']);
export type VideoCapture = z.infer<typeof VideoCapture>;

export const Capabilities = z.object({
  core_methods: z.array(z.string()),
  optional_methods: z.array(z.string()),
  features: z.array(z.string()),
  custom_methods: z.array(CustomMethodInfo),
  gated_methods: z.array(GatedMethodInfo).optional(),
  method_options: MethodOptions.optional(),
  /** Additive: where the MCP server's browser_start_video takes this engine's frames from. */
  video_capture: VideoCapture.optional(),
});
export type Capabilities = z.infer<typeof Capabilities>;

export const DiagnosticLevel = z.enum(['info', 'warning', 'error']);
export const Diagnostic = z.object({
  level: DiagnosticLevel,
  code: z.string(),
  message: z.string(),
  manual_steps: z.array(z.string()).optional(),
});
export type Diagnostic = z.infer<typeof Diagnostic>;

/** Slots of one browser (a node stereotype's browserName) on a Selenium Grid. */
export const GridSlots = z.object({ browser: z.string(), total: z.number().int(), in_use: z.number().int() });
export type GridSlots = z.infer<typeof GridSlots>;
/** Additive, when sessions come from a Selenium Grid (`--grid-url`): its `/status`, summarised. */
export const GridStatus = z.object({
  url: z.string(),
  /** Whether the Grid takes new sessions (false too when it could not be reached). */
  ready: z.boolean(),
  message: z.string(),
  nodes: z.array(
    z.object({ id: z.string(), uri: z.string(), availability: z.string(), max_sessions: z.number().int(), slots: z.array(GridSlots) }),
  ),
  sessions_in_use: z.number().int(),
  /** Over the whole Grid, per browser. */
  slots: z.array(GridSlots),
});
export type GridStatus = z.infer<typeof GridStatus>;

export const RecycleStatus = z.object({
  /** Browsers retired so far (each replaced by a fresh one; a busy one drains first). */
  recycles: z.number().int(),
  /** Retired browsers still serving their last sessions. */
  draining: z.number().int(),
  /** Sessions the current browser has served. */
  sessions_served: z.number().int(),
  /** The current browser's processes' proportional set size, where it can be read. */
  memory_mb: z.number().optional(),
  budget_mb: z.number().optional(),
  max_sessions: z.number().int().optional(),
});
export type RecycleStatus = z.infer<typeof RecycleStatus>;

export const Availability = z.enum(['ready', 'degraded', 'unavailable']);
export const SetupState = z.enum(['complete', 'partial', 'required', 'broken']);

const ProviderStatusFields = {
  availability: Availability,
  browser_detected: z.boolean(),
  browser_running: z.boolean(),
  setup_state: SetupState,
  requires_manual_setup: z.boolean(),
  recommended_browser: z.string(),
  manual_steps: z.array(z.string()),
  diagnostics: z.array(Diagnostic),
  /** Additive. */
  browser_version: z.string().optional(),
  sessions: z.number().int().optional(),
  grid: GridStatus.optional(),
  /** Additive: the memory backstop (browsers relaunched past a budget or a session count; see docs/reliability.md). */
  recycle: RecycleStatus.optional(),
};
/** One engine's status, as `status_by_family` holds it. */
export const EngineStatus = z.object(ProviderStatusFields);
export type EngineStatus = z.infer<typeof EngineStatus>;
export const ProviderStatus = z.object({
  ...ProviderStatusFields,
  /**
   * Additive, when the server fronts more than one engine: each family's own status (its sessions
   * counted alone). The top-level fields then sum them up: `ready` only when every engine is.
   */
  status_by_family: z.record(z.string(), EngineStatus).optional(),
});
export type ProviderStatus = z.infer<typeof ProviderStatus>;

export const ProviderDescription = z.object({
  provider_id: z.string(),
  provider_label: z.string(),
  provider_version: z.string(),
  protocol_version: z.string(),
  browser_families: z.array(z.string()),
  transport: z.string(),
  certification_tier: z.string(),
  capabilities: Capabilities,
  /** Additive: the engine actually driven and how. */
  engine: z
    .object({ name: z.string(), automation: z.string(), version: z.string().optional() })
    .optional(),
  session_close_behavior: z.string().optional(),
  /**
   * Additive, when the server fronts more than one engine (`--browser auto` or a list): each
   * family's full capabilities. `capabilities` then holds only what every fronted engine supports, so
   * a client that reads just the draft's field is never promised what some session cannot do.
   */
  capabilities_by_family: z.record(z.string(), Capabilities).optional(),
  /** Additive, with `capabilities_by_family`: the engine a session gets without `browser_preference`, and why. */
  default_browser: z.object({ family: z.string(), reason: z.string() }).optional(),
});
export type ProviderDescription = z.infer<typeof ProviderDescription>;
