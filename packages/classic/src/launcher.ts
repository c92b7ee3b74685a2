import type { ProviderError } from '@browser-provider/core/toolkit';
import type { WireError } from './wire';

/** One running WebDriver server the classic backend talks to. */
export interface DriverEndpoint {
  /** Loopback port of the WebDriver HTTP server. */
  readonly port: number;
  /** A remote WebDriver server's base URL instead (a Selenium Grid: `http://grid:4444`); wins over `port`. */
  readonly url?: string;
  /** Set once the driver process exited, with how. */
  readonly exitReason: string | undefined;
  /** Settles with how the process exited; never rejects. */
  readonly exited: Promise<string>;
  /** Process ids started for this endpoint (driver, browser), for tests and diagnostics. */
  pids(): number[];
  /** Kills the driver and whatever it started. Idempotent. */
  kill(): Promise<void>;
  /**
   * Optional, for a remote endpoint: looks at a failed command and, when the failure means the server
   * behind it is gone (a Grid node died), sets `exitReason` and settles `exited`, failing what waits.
   */
  noticeFailure?(e: unknown): void;
}

/**
 * What a browser adapter (Safari/WebKit) gives the engine-agnostic classic backend: how to start a
 * driver and which capabilities to ask for. Everything else (pages, frames, input, screenshots) is
 * plain W3C classic WebDriver and lives in this package.
 */
export interface ClassicLauncher {
  /**
   * `per_process`: each isolated session gets its own driver process and browser instance (own
   * cookie jar) — WebKitWebDriver serves one session per process. `none`: every session shares one
   * driver session (macOS: Safari allows one automation session at a time).
   */
  readonly isolation: 'per_process' | 'none';
  /** Starts one driver process and resolves once it accepts HTTP requests. */
  startDriver(signal: AbortSignal): Promise<DriverEndpoint>;
  /** `alwaysMatch` capabilities for New Session. Never asks for BiDi (`webSocketUrl`). */
  capabilities(): Record<string, unknown>;
  /** Classifies a New Session failure the generic table cannot (e.g. Safari's remote-automation switch). */
  classifyNewSessionError?(e: WireError): ProviderError | undefined;
  /** Stops shared helpers (e.g. a private X server) after every driver is gone. Idempotent. */
  shutdown(): Promise<void>;
}
