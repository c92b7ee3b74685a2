import type { Capture } from './capture';
import type { Point } from './facts';

/** The records a session report writes: report.ts writes them, html.ts renders them. */

export type Surface = 'mcp' | 'protocol';

export interface ReportHead {
  type: 'session';
  surface: Surface;
  started_at: string;
  cap_bytes: number;
  /** How secrets are shown: the same masking as the snapshot's for password values. */
  masking: string;
}

export interface StepEntry {
  type: 'step';
  index: number;
  at: string;
  /** The MCP tool or the protocol method. */
  name: string;
  args: unknown;
  ok: boolean;
  error?: string;
  ms: number;
  /** The answer as the model (or client) read it; cut past ANSWER_CHARS, saying so. */
  answer: string;
  page_id?: string;
  url?: string;
  point?: Point;
  drag?: { from: Point; to: Point };
  diff?: string[];
  /** The screenshot after the step, relative to the report folder. */
  screenshot?: string;
  screenshot_size?: { width: number; height: number };
  screenshot_missing?: string;
  console_errors: Capture['consoleErrors'];
  failed_requests: Capture['failedRequests'];
}

export interface ReportTail {
  type: 'end';
  stopped_at: string;
  steps: number;
  bytes: number;
  /** What the cap left out: whole steps (after the first that did not fit), and screenshots of steps kept. */
  left_out: { steps: number; screenshots: number; first_step_left_out?: number };
  secrets_masked: number;
}
