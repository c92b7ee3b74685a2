import { ClassicBackend, type ClassicQuirks } from '@browser-provider/classic';
import type { BackendInfo, CustomMethod } from '@browser-provider/core/backend';
import type { Feature, MethodName } from '@browser-provider/protocol';
import { GRID_LABEL, GRID_UNSUPPORTED_FEATURES, type GridBackendOptions } from './bidi-source';
import { GridClassicLauncher } from './classic-launcher';
import { gridProviderStatus } from './status-provider';

/** What a classic engine (Safari/WebKit) gives its Grid backend. */
export interface GridClassicEngine {
  info: BackendInfo;
  /** `alwaysMatch` for New Session on the Grid (browserName, engine options; no webSocketUrl). */
  capabilities: Record<string, unknown>;
  customMethods?: CustomMethod[];
  /** How the engine's input departs from the standard. */
  quirks?: ClassicQuirks;
}

/**
 * The classic backend over a Grid: one Grid session per provider session, classic WebDriver through
 * the Grid's router. Downloads are left out (classic WebDriver reports none, so there is nothing to
 * fetch from the node), and so are uploads: a relay node (the way
 * WebKitGTK and most Safari set-ups join a Grid) forwards `/se/file` to its WebDriver server, which
 * answers "Unknown command" (Grid 4.48, WebKitWebDriver 2.50), so a file cannot reach the browser.
 */
const CLASSIC_UNSUPPORTED_METHODS: readonly MethodName[] = ['download.list', 'download.wait', 'upload.set_files'];
const CLASSIC_UNSUPPORTED_FEATURES: readonly Feature[] = [...GRID_UNSUPPORTED_FEATURES, 'download_observe', 'file_upload'];
export class GridClassicBackend extends ClassicBackend {
  readonly gridUrl: string;

  constructor(engine: GridClassicEngine, options: GridBackendOptions) {
    const alwaysMatch = { ...engine.capabilities, ...options.capabilities };
    const info = { ...engine.info, providerLabel: `${engine.info.providerLabel} ${GRID_LABEL}` };
    const browserName = typeof alwaysMatch['browserName'] === 'string' ? alwaysMatch['browserName'] : undefined;
    super({
      info,
      launcher: new GridClassicLauncher(options.url, alwaysMatch),
      status: (s) => gridProviderStatus(options.url, info, browserName, { running: s.running, sessions: s.sessions, ...(s.browserVersion ? { version: s.browserVersion } : {}) }),
      ...(engine.customMethods ? { customMethods: engine.customMethods } : {}),
      ...(engine.quirks ? { quirks: engine.quirks } : {}),
      ...(options.pageScript ? { pageScript: options.pageScript } : {}),
    });
    this.gridUrl = options.url;
  }

  override features(): Feature[] {
    return super.features().filter((f) => !CLASSIC_UNSUPPORTED_FEATURES.includes(f));
  }

  override optionalMethods(): MethodName[] {
    return super.optionalMethods().filter((m) => !CLASSIC_UNSUPPORTED_METHODS.includes(m));
  }
}
