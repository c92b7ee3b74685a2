import { createProviderServer } from '@browser-provider/core';
import { CAPS, listed, offeredTools } from '@browser-provider/mcp';
import { BROWSERS, createBackend, type BrowserName } from '../browsers';
import type { OurTool } from './model';

/**
 * Our tools per engine, as `browser-provider mcp --browser <engine> --caps <all> --allow-eval` lists
 * them, built in process: a backend launches nothing until a session asks, so this needs no browser.
 * `pnpm mcp:compat` checks it against the live tools/list of that command.
 */
export async function ourTools(engines: readonly BrowserName[] = BROWSERS): Promise<OurTool[]> {
  const byName = new Map<string, OurTool>();
  for (const engine of engines) {
    const backend = await createBackend(engine);
    const server = createProviderServer(backend, { allowEval: true });
    try {
      for (const t of offeredTools((m) => server.callable(m), new Set(CAPS))) {
        const known = byName.get(t.name);
        if (known) known.engines.push(engine);
        else byName.set(t.name, { name: t.name, args: Object.keys(listed(t).inputSchema.properties ?? {}), cap: t.cap, gate: t.gate, engines: [engine] });
      }
    } finally {
      await server.close('compatibility table built');
    }
  }
  return [...byName.values()];
}
