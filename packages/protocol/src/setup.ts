import { z } from 'zod';
import { Diagnostic, SetupState } from './capabilities';

/**
 * The draft's two optional setup methods. It names them and says a guide "may return browser-specific
 * instructions, URLs, file paths, permissions, or troubleshooting steps", and that diagnostics carry
 * `level`, `code`, `message` and `manual_steps`; the shapes below are ours (additive) around those words.
 */

/** One thing a person (or a setup script) does, in order; `done` says whether this host already has it. */
export const SetupStep = z.object({
  code: z.string().describe('Stable name of the step, e.g. "install_packages", "enable_automation".'),
  title: z.string(),
  done: z.boolean().describe('Whether this host already has what the step gives (computed now, not remembered).'),
  commands: z.array(z.string()).optional().describe('Shell commands, run in order.'),
  paths: z.array(z.string()).optional().describe('Files the step is about: where found, or where they are expected.'),
  permissions: z.array(z.string()).optional().describe('What running the step needs (root, an admin password, a setting only a person can change).'),
  urls: z.array(z.string()).optional(),
  env: z.array(z.string()).optional().describe('Environment variables that point the provider at a binary installed elsewhere.'),
});
export type SetupStep = z.infer<typeof SetupStep>;

/** One browser's guide for the host the provider runs on. */
export const BrowserSetupGuide = z.object({
  browser_family: z.string(),
  browser_label: z.string(),
  /** Node's `process.platform` of the provider's host (`linux`, `darwin`, …). */
  platform: z.string(),
  /** What the host was found to be, when it matters to the steps (e.g. "Debian 13 (trixie), amd64"). */
  host: z.string().optional(),
  setup_state: SetupState,
  steps: z.array(SetupStep),
  troubleshooting: z.array(z.string()),
});
export type BrowserSetupGuide = z.infer<typeof BrowserSetupGuide>;

export const SetupGuideResult = z.object({
  /** One per engine the server drives (or the one `browser` named), the default engine first. */
  guides: z.array(BrowserSetupGuide),
});
export type SetupGuideResult = z.infer<typeof SetupGuideResult>;

export const VerifyStepName = z.enum(['session', 'open', 'snapshot', 'close']);
export type VerifyStepName = z.infer<typeof VerifyStepName>;

/** One browser's end-to-end check: a session (launching the browser if none runs), a page, a snapshot, closed. */
export const BrowserVerification = z.object({
  browser_family: z.string(),
  ok: z.boolean(),
  /** Whether the browser was already up (then the check ran in a new session of it, not a fresh launch). */
  browser_was_running: z.boolean(),
  browser_version: z.string().optional(),
  duration_ms: z.number().int().nonnegative(),
  steps: z.array(z.object({ step: VerifyStepName, ok: z.boolean(), duration_ms: z.number().int().nonnegative() })),
  diagnostics: z.array(Diagnostic),
});
export type BrowserVerification = z.infer<typeof BrowserVerification>;

export const VerifyResult = z.object({
  /** True when every verified browser passed every step. */
  ok: z.boolean(),
  /** Every browser's diagnostics, each message led by its family when there are several. */
  diagnostics: z.array(Diagnostic),
  verified: z.array(BrowserVerification),
});
export type VerifyResult = z.infer<typeof VerifyResult>;
