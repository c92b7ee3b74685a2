import { Vocabulary } from './answer';
import { ACT_TOOLS } from './tools-act';
import { DRAG_TOOLS } from './tools-drag';
import { PAGE_TOOLS } from './tools-page';
import { CONFIG_TOOLS } from './tools-config';
import { NETWORK_TOOLS } from './tools-network';
import { DEVTOOLS_TOOLS } from './tools-devtools';
import { SESSION_TOOLS } from './tools-session';
import { STORAGE_TOOLS } from './tools-storage';
import { TESTING_TOOLS } from './tools-testing';
import { VISION_TOOLS } from './tools-vision';
import { TRACING_TOOLS } from './tools-tracing';
import { VIDEO_TOOLS } from './tools-video';
import { RECORDING_TOOLS } from './tools-recording';
import type { Cap } from './caps';
import type { ToolDef } from './tool';

/**
 * The tool table: every tool, the protocol method it maps to, its schema and annotations. The server's
 * tools/list, the repair wording and the README's tool list (scripts/tools-doc.ts) all read it.
 */
export const TOOLS: readonly ToolDef[] = [...PAGE_TOOLS, ...ACT_TOOLS, ...DRAG_TOOLS, ...SESSION_TOOLS, ...STORAGE_TOOLS, ...NETWORK_TOOLS, ...TESTING_TOOLS, ...CONFIG_TOOLS, ...DEVTOOLS_TOOLS, ...VISION_TOOLS, ...TRACING_TOOLS, ...VIDEO_TOOLS, ...RECORDING_TOOLS];

/** The words of every tool (docs, tests); a session speaks with `vocabularyFor` its offered tools. */
export const VOCABULARY = new Vocabulary(TOOLS);

/** The words of a session that offers `tools`: its repairs name only those tools. */
export const vocabularyFor = (tools: readonly ToolDef[]): Vocabulary => new Vocabulary(tools);

/**
 * The tools a provider offers: those whose method it can call (the provider's method registry says:
 * some engine answers it and no server flag shuts it) or that name no method, and a group's tool only
 * with its group on (`--caps`).
 */
export function offeredTools(callable: (method: string) => boolean, caps: ReadonlySet<Cap> = new Set()): ToolDef[] {
  return TOOLS.filter((t) => (t.method === undefined || callable(t.method)) && (t.cap === undefined || caps.has(t.cap)));
}
