#!/usr/bin/env node
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
