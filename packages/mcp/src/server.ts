import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { LIMITS, parseParams, ProviderError, PROVIDER_VERSION, type ProviderServer } from '@browser-provider/core';
import type { ErrorObject } from '@browser-provider/protocol';
import { CallError, ProviderLink } from './link';
import { outputRoot, SessionFiles } from './files';
import { offeredTools, TOOLS, vocabularyFor } from './tools';
import type { Cap } from './caps';
import type { ToolAnswer, ToolDef } from './tool';
import { Capturer, directPages } from './report/capture';
import type { Answer } from './report/facts';
import { Tracing, type SaveSession } from './report/tracing';
import { afterRecordedCall } from './tools-recording';
import { lendProvider } from './video/pages';

/** What an MCP session needs of its provider: calls, and which methods it can call (for tools/list). */
export type McpProvider = Pick<ProviderServer, 'call' | 'callable'>;

export interface McpOptions {
    /** The opt-in tool groups to offer (`--caps`). */
  caps?: readonly Cap[];
  /**
   * The output root: each MCP session writes the files its `filename` arguments name in a private
   * folder of its own below it. It must be this user's and writable by no one else (checked on first
   * use; the CLI checks it at start). Default: a fresh private folder of this process in the temp dir.
   */
  outputDir?: string;
  /** Folders a person placed input files in (storage states, scripts): tools read from them, never write. */
  inputDirs?: readonly string[];
  /** Bytes one MCP session's files may hold (default 256 MiB). */
  outputQuotaBytes?: number;
  /** `browser_preference` of each MCP session's first provider session (`--browser` list → "auto"). */
  browserPreference?: string | undefined;
  /** `--save-session`: each MCP session writes a session report in a folder of its own below this one. */
  saveSession?: SaveSession | undefined;
  log?: (message: string) => void;
}

const INSTRUCTIONS =
  'Drive a real browser. browser_navigate answers with an outline of the page in which each element has a ref ([e12]); pass that ref as target to browser_click, browser_type and the others. Every action answers with what changed since the last snapshot (+ added, - removed, ~ changed lines), so a new browser_snapshot is rarely needed. Errors name a repair: the tool to call next.';

/** A tool as tools/list shows it: JSON Schema from its zod input, and the hints clients read. */
export function listed(t: ToolDef): Tool {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(t.input, { io: 'input' }) as Record<string, unknown>;
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: schema as Tool['inputSchema'],
    annotations: { title: t.title, readOnlyHint: t.readOnly, destructiveHint: t.destructive ?? false, openWorldHint: t.openWorld ?? false },
  };
}

/**
 * A tool answer as MCP sends it, bounded (core's LIMITS): text past `answerChars` is cut with a note
 * on how to ask for less, and structuredContent past `structuredChars` is left out, saying so.
 */
function toResult(a: ToolAnswer, isError = false): CallToolResult {
  const text = a.text.length <= LIMITS.answerChars ? a.text : `${a.text.slice(0, LIMITS.answerChars)}\n${answerCutNote(a.text.length)}`;
  const structured = a.structured !== undefined && JSON.stringify(a.structured).length > LIMITS.structuredChars ? undefined : a.structured;
  const dropped = a.structured !== undefined && structured === undefined ? `\nNote: the structured result was over ${LIMITS.structuredChars} characters and was left out.` : '';
  return {
    content: [{ type: 'text', text: `${text}${dropped}` }, ...(a.image ? [{ type: 'image' as const, data: a.image.data, mimeType: a.image.mimeType }] : [])],
    ...(structured !== undefined ? { structuredContent: structured } : {}),
    ...(isError ? { isError: true } : {}),
  };
}

/** Ids of the report's own calls: unique in this process, as the link's are. */
let reportCalls = 0;

/** The tools that start and stop the report are not steps of it. */
const REPORT_TOOLS = new Set(['browser_start_tracing', 'browser_stop_tracing']);

/** A tool's answer as the model read it, for the session report. */
function reportAnswer(r: CallToolResult): { text: string; ok: boolean; error?: string } {
  const text = r.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}${'mimeType' in c ? ` ${String(c.mimeType)}` : ''}]`)).join('\n');
  return { text, ok: r.isError !== true, ...(r.isError === true ? { error: text.split('\n')[0] ?? '' } : {}) };
}

const answerCutNote = (total: number) =>
  `Note: the answer was cut at ${LIMITS.answerChars} of its ${total} characters. Ask for less: browser_find for the lines you need, browser_snapshot with scope (one element) or mode "interactive", or a smaller limit for lists.`;

/** Why a tool is not offered: its flag is off, its group is off, no engine here answers its method, or there is no such tool. */
function notOffered(name: string, caps: ReadonlySet<string>): ErrorObject {
  const known = TOOLS.find((t) => t.name === name);
  if (known?.gate !== undefined) return { code: 'permission_denied', message: `${name} is off: the server was started without --${known.gate}.`, retryable: false, details: { code: 'gated' } };
  // A group that is on but whose method no engine here answers (WebKit and browser_route) is the engine's lack.
  if (known?.cap !== undefined && !caps.has(known.cap)) {
    return { code: 'unsupported_method', message: `${name} is in the opt-in group "${known.cap}": start the server with --caps ${known.cap} to offer it.`, retryable: false, details: { code: 'capability_off', capability: known.cap } };
  }
  if (known !== undefined) {
    return { code: 'unsupported_method', message: `${name} is not offered here: no browser of this server answers ${known.method ?? 'its method'}.`, retryable: false, details: { code: 'engine_lacks_method' } };
  }
  return { code: 'unsupported_method', message: `There is no tool ${JSON.stringify(name)}.`, retryable: false, details: { code: 'unknown_tool' } };
}

/**
 * One MCP session: an SDK `Server` whose tools run against a provider session of its own (its own
 * cookie jar, pages and leases), opened on the first tool call and closed with the MCP session.
 */
export function createMcpSession(provider: McpProvider, options: McpOptions = {}): { server: Server; link: ProviderLink } {
  const caps = new Set(options.caps ?? []);
  const tools = offeredTools((method) => provider.callable(method), caps);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const vocab = vocabularyFor(tools);
  let sessionId: string | undefined;
  // The link's calls pass the session report, which reads each one into the step that made it.
  const observed: Pick<ProviderServer, 'call'> = {
    call: async (req) => {
      const env = await provider.call(req);
      const r = req as { method: string; params: Record<string, unknown> };
      if (typeof r.params.session_id === 'string') sessionId = r.params.session_id;
      tracing.observe(r.method, r.params, env as Answer);
      return env;
    },
  };
  const link = new ProviderLink(observed, { browserPreference: options.browserPreference });
  lendProvider(link, provider);
  // The report's own calls (screenshot, console, network) go round the observer: they belong to no step.
  const inProcess = 'provider' in provider ? (provider as ProviderServer).provider : undefined;
  const capturer = new Capturer(
    async (method, params) => (await provider.call({ protocol_version: '0.1', id: `report-${++reportCalls}`, method, params: { ...params, session_id: (await link.session()).session_id } })) as Answer,
    inProcess === undefined ? undefined : directPages(inProcess, () => sessionId),
  );
  const tracing = new Tracing('mcp', capturer, options.saveSession, options.log);
  const files = new SessionFiles({ root: outputRoot(options.outputDir), inputDirs: options.inputDirs ?? [], ...(options.outputQuotaBytes !== undefined ? { quotaBytes: options.outputQuotaBytes } : {}) });
  const config = { caps: options.caps ?? [], allowEval: provider.callable('page.eval'), browserPreference: options.browserPreference, outputDir: options.outputDir ?? '(a private folder of this process in the temp dir)', inputDirs: options.inputDirs ?? [] };
  const ctx = { link, vocab, config, files, tracing };
  const server = new Server({ name: 'browser-provider', version: PROVIDER_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(listed) }));
  const answer = async (name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult> => {
    const tool = byName.get(name);
    if (tool === undefined) return toResult(vocab.error(notOffered(name, caps)), true);
    try {
      const result = await tool.run(ctx, parseParams(tool.input, args ?? {}, name));
      await afterRecordedCall(link);
      return toResult(result);
    } catch (e) {
      if (e instanceof CallError) return toResult(vocab.error(e.error), true);
      if (e instanceof ProviderError) return toResult(vocab.error(e.toEnvelope(null).error), true);
      options.log?.(`tool ${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return toResult(vocab.error({ code: 'internal_error', message: 'The tool failed unexpectedly; see the server log.', retryable: false, details: {} }), true);
    }
  };
  server.setRequestHandler(CallToolRequestSchema, (req): Promise<CallToolResult> => {
    const { name, arguments: args } = req.params;
    if (REPORT_TOOLS.has(name)) return answer(name, args);
    return tracing.step(name, args ?? {}, () => answer(name, args), reportAnswer);
  });
  // Both transports end a session with link.close: the report is finished first, while its session still answers.
  const closeLink = link.close.bind(link);
  link.close = async () => {
    await tracing.stop().catch((e: unknown) => options.log?.(`session report: ${String(e)}`));
    await closeLink();
  };
  server.onclose = () => {
    void link.close();
  };
  return { server, link };
}
