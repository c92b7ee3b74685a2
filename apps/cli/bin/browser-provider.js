#!/bin/sh
":" //; exec node ${BROWSER_PROVIDER_NODE_FLAGS---optimize-for-size} "$0" "$@"
// The two lines above are read by sh and by Node alike: sh runs Node with the flags, Node sees a string
// and a comment. The default, `--optimize-for-size`, keeps V8's young generation at 1 MB and its heap
// growing slowly: a 1,000-row snapshot's short-lived objects otherwise grow the semi-spaces to 32 MB that
// are never given back (server RSS 115-118 MB against 80-84). It costs time: that snapshot runs ~7
// scavenges and takes ~1.3x as long (docs/reliability.md, "Server memory"). BROWSER_PROVIDER_NODE_FLAGS
// replaces the flags (set and empty: Node's defaults, the faster and larger server). Node takes such
// flags only at start-up (v8.setFlagsFromString then is too late), and `#!/usr/bin/env -S` is not in
// BusyBox's env. Spawners that run this file with `node` directly pass the same flags:
// @browser-provider/client's SERVER_NODE_FLAGS, which a unit test holds equal to this line.
// Installed from npm (no src/ beside the bin): runs the package's built lib/. In the workspace, runs the
// prebuilt server bundle (`pnpm build`) while it matches every file it was built from: no TypeScript
// loader and no esbuild in the process. Otherwise, or with BROWSER_PROVIDER_FROM_SOURCE=1, runs the
// TypeScript sources through tsx's loader, so an edit is never shadowed by an old bundle.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

if (!existsSync(new URL('../src/main.ts', import.meta.url))) {
  await import('../lib/main.js');
} else {
  const { bundleState } = await import('./bundle-state.js');
  const state = process.env.BROWSER_PROVIDER_FROM_SOURCE === '1' ? undefined : bundleState();
  if (state?.fresh) {
    await import(pathToFileURL(state.entry).href);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    await import('../src/main.ts');
  }
}
