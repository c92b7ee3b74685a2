import { dirname } from 'node:path';
import { z } from 'zod';
import type { ResultOf } from '@browser-provider/protocol';
import { defineTool, type ToolDef } from './tool';

/** The `config` group (`--caps config`): how this server runs, and what its engines offer. */

export const CONFIG_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_get_config',
    title: 'Server configuration',
    description: 'How this server was started (tool groups, flags, output folder, whether a session report is being written and where) and, per engine, the protocol methods it offers and where a video takes its frames from.',
    method: 'provider.describe',
    cap: 'config',
    input: z.object({}),
    async run(ctx) {
      const d = (await ctx.link.raw<ResultOf<'provider.describe'>>('provider.describe')).result;
      const byFamily = d.capabilities_by_family ?? Object.fromEntries(d.browser_families.map((f) => [f, d.capabilities]));
      // videoCapture: where browser_start_video takes this engine's frames from (screencast or screenshots).
      const engines = Object.entries(byFamily).map(([family, c]) => ({ family, methods: [...c.core_methods, ...c.optional_methods], ...(c.video_capture !== undefined ? { videoCapture: c.video_capture } : {}) }));
      const sessionDir = await ctx.files?.dir();
      const files = ctx.files === undefined ? {} : { sessionDir, outputQuotaBytes: ctx.files.quotaBytes, outputUsedBytes: ctx.files.used };
      const report = ctx.tracing === undefined ? {} : { sessionReport: ctx.tracing.status() };
      const config = { ...ctx.config, ...report, ...(sessionDir !== undefined ? { outputDir: dirname(sessionDir) } : {}), ...files, provider: { id: d.provider_id, version: d.provider_version }, engines };
      return { text: JSON.stringify(config, null, 1), structured: config };
    },
  }),
];
