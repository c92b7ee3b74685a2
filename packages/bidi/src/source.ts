import type { BackendInfo } from '@browser-provider/core/backend';
import type { Feature, MethodName, ProviderStatus } from '@browser-provider/protocol';
import type { BidiBrowser } from './browser';

/**
 * Where a BidiBackend's browsers come from. Without a remote source it launches one here (or attaches
 * to the user's) and gives each session a user context of it. A remote source (a Selenium Grid) hands
 * out one browser per session, already in its BiDi session, on a machine this one cannot reach by file
 * path: files go there and come back through the source.
 */
export interface RemoteBrowserSource {
  /** Said after the engine's provider label ("through Selenium Grid"). */
  readonly label: string;
  /** What cannot travel through this source; left out of `describe` rather than failing later. */
  readonly unsupportedFeatures: readonly Feature[];
  readonly unsupportedMethods: readonly MethodName[];
  /** `provider.status` for the engine asking with `capabilities` (its `alwaysMatch`). */
  status(info: BackendInfo, capabilities: Record<string, unknown>, live: { running: boolean; sessions: number; version?: string }): Promise<ProviderStatus>;
  /** A browser of its own for one session, asked for with the engine's capabilities. */
  open(capabilities: Record<string, unknown>, signal: AbortSignal): Promise<RemoteBrowser>;
}

/** One browser from a remote source: connected and subscribed; `browser.end()` gives it back. */
export interface RemoteBrowser {
  browser: BidiBrowser;
  /** Copies upload files to where the browser runs; answers their paths there. */
  stageFiles?(paths: string[], signal: AbortSignal): Promise<string[]>;
  /** Where the browser saves downloads, when the source can bring them here. */
  downloads?: RemoteDownloads;
}

/**
 * Downloads saved where the browser runs: `fetch` brings back the bytes of the file the browser
 * reported at `remotePath` (a path on its machine); the session keeps them as it keeps a local one.
 */
export interface RemoteDownloads {
  fetch(remotePath: string, signal: AbortSignal): Promise<Buffer>;
}
