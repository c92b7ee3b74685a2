import { z } from 'zod';
import { CookieInit, type ResultOf } from '@browser-provider/protocol';
import { CallError } from './link';
import { shownName } from './files';
import { readInput, writeOutput } from './output';
import { defineTool, type ToolContext, type ToolDef } from './tool';

/**
 * The `storage` group (`--caps storage`): the session's cookies (cookie.list / set / delete) and the
 * current page origin's local and session storage (storage.get / storage.set), plus Playwright's
 * storage-state JSON so sign-ins move between the two tools.
 */

type Cookie = ResultOf<'cookie.list'>['cookies'][number];

const cookieLine = (c: Cookie) => `${c.name}=${c.value} (domain ${c.domain}, path ${c.path}${c.http_only ? ', httpOnly' : ''}${c.secure ? ', secure' : ''}${c.same_site ? `, sameSite ${c.same_site}` : ''}${c.expires !== undefined ? `, expires ${c.expires}` : ''})`;

const cookies = async (ctx: ToolContext) => (await ctx.link.call<ResultOf<'cookie.list'>>('cookie.list')).result.cookies;

const bare = (d: string) => d.toLowerCase().replace(/^\./, '');

const cookieTools: ToolDef[] = [
  defineTool({
    name: 'browser_cookie_list',
    title: 'List cookies',
    description: 'The session\'s cookies (on WebKit: the current page\'s), optionally only those of a domain or path.',
    method: 'cookie.list',
    cap: 'storage',
    input: z.object({ domain: z.string().max(1_000).optional().describe('Only cookies of this domain.'), path: z.string().max(4_096).optional().describe('Only cookies of this path.') }),
    async run(ctx, a) {
      const all = (await cookies(ctx)).filter((c) => (a.domain === undefined || bare(c.domain) === bare(a.domain)) && (a.path === undefined || c.path === a.path));
      return { text: all.length > 0 ? all.map(cookieLine).join('\n') : 'No cookies.', structured: { cookies: all } };
    },
  }),
  defineTool({
    name: 'browser_cookie_get',
    title: 'Get a cookie',
    description: 'The session\'s cookies of this name (one per domain and path).',
    method: 'cookie.list',
    cap: 'storage',
    input: z.object({ name: z.string().min(1).max(4_096).describe('The cookie\'s name.') }),
    async run(ctx, a) {
      const hit = (await cookies(ctx)).filter((c) => c.name === a.name);
      return { text: hit.length > 0 ? hit.map(cookieLine).join('\n') : `No cookie named ${JSON.stringify(a.name)}.`, structured: { cookies: hit } };
    },
  }),
  defineTool({
    name: 'browser_cookie_set',
    title: 'Set a cookie',
    description: 'Add or replace a cookie; without domain it belongs to the current page\'s host. WebKit sets cookies of the current page\'s domain only.',
    method: 'cookie.set',
    cap: 'storage',
    input: z.object({
      name: CookieInit.shape.name,
      value: CookieInit.shape.value,
      domain: CookieInit.shape.domain,
      path: CookieInit.shape.path,
      expires: CookieInit.shape.expires,
      httpOnly: z.boolean().optional(),
      secure: z.boolean().optional(),
      sameSite: CookieInit.shape.same_site,
    }),
    async run(ctx, a) {
      const { httpOnly, sameSite, ...rest } = a;
      await ctx.link.call('cookie.set', { cookies: [{ ...rest, ...(httpOnly !== undefined ? { http_only: httpOnly } : {}), ...(sameSite !== undefined ? { same_site: sameSite } : {}) }] });
      return { text: `Set cookie ${a.name}.`, structured: { set: 1 } };
    },
  }),
  defineTool({
    name: 'browser_cookie_delete',
    title: 'Delete a cookie',
    description: 'Delete the session\'s cookies of this name.',
    method: 'cookie.delete',
    cap: 'storage',
    input: z.object({ name: z.string().min(1).max(4_096).describe('The cookie\'s name.') }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'cookie.delete'>>('cookie.delete', { name: a.name });
      return { text: `Deleted ${r.result.deleted} cookie${r.result.deleted === 1 ? '' : 's'} named ${JSON.stringify(a.name)}.`, structured: r.result };
    },
  }),
  defineTool({
    name: 'browser_cookie_clear',
    title: 'Clear cookies',
    description: 'Delete every cookie of the session (on WebKit: of the current page).',
    method: 'cookie.delete',
    cap: 'storage',
    input: z.object({}),
    async run(ctx) {
      const r = await ctx.link.call<ResultOf<'cookie.delete'>>('cookie.delete', {});
      return { text: `Deleted ${r.result.deleted} cookie${r.result.deleted === 1 ? '' : 's'}.`, structured: r.result };
    },
  }),
];

/** The five tools of one Web Storage area, as Playwright MCP names them. */
function storageTools(kind: 'local' | 'session'): ToolDef[] {
  const tool = `browser_${kind}storage`;
  const area = `${kind}Storage`;
  const read = async (ctx: ToolContext, keys?: string[]) => (await ctx.link.call<ResultOf<'storage.get'>>('storage.get', { kind, ...(keys ? { keys } : {}) })).result;
  const write = async (ctx: ToolContext, p: Record<string, unknown>) => (await ctx.link.call<ResultOf<'storage.set'>>('storage.set', { kind, ...p })).result;
  const lines = (entries: Record<string, string>) => Object.entries(entries).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  const Key = z.string().min(1).max(10_000).describe('The key.');
  return [
    defineTool({
      name: `${tool}_list`,
      title: `List ${area}`,
      description: `Every ${area} entry of the current page's origin.`,
      method: 'storage.get',
      cap: 'storage',
      input: z.object({}),
      async run(ctx) {
        const r = await read(ctx);
        const l = lines(r.entries);
        return { text: [`${area} of ${r.origin}:`, ...(l.length > 0 ? l : ['(empty)'])].join('\n'), structured: r };
      },
    }),
    defineTool({
      name: `${tool}_get`,
      title: `Get a ${area} entry`,
      description: `One ${area} entry of the current page's origin.`,
      method: 'storage.get',
      cap: 'storage',
      input: z.object({ key: Key }),
      async run(ctx, a) {
        const r = await read(ctx, [a.key]);
        const v = r.entries[a.key];
        return { text: v === undefined ? `No ${area} entry ${JSON.stringify(a.key)} on ${r.origin}.` : `${a.key}=${JSON.stringify(v)}`, structured: r };
      },
    }),
    defineTool({
      name: `${tool}_set`,
      title: `Set a ${area} entry`,
      description: `Set one ${area} entry of the current page's origin.`,
      method: 'storage.set',
      cap: 'storage',
      input: z.object({ key: Key, value: z.string().max(5_000_000).describe('The value.') }),
      async run(ctx, a) {
        const r = await write(ctx, { entries: { [a.key]: a.value } });
        return { text: `Set ${area} ${JSON.stringify(a.key)} on ${r.origin}.`, structured: r };
      },
    }),
    defineTool({
      name: `${tool}_delete`,
      title: `Delete a ${area} entry`,
      description: `Remove one ${area} entry of the current page's origin.`,
      method: 'storage.set',
      cap: 'storage',
      input: z.object({ key: Key }),
      async run(ctx, a) {
        const r = await write(ctx, { remove: [a.key] });
        return { text: `Removed ${area} ${JSON.stringify(a.key)} on ${r.origin}.`, structured: r };
      },
    }),
    defineTool({
      name: `${tool}_clear`,
      title: `Clear ${area}`,
      description: `Remove every ${area} entry of the current page's origin.`,
      method: 'storage.set',
      cap: 'storage',
      input: z.object({}),
      async run(ctx) {
        const r = await write(ctx, { clear: true });
        return { text: `Cleared ${area} on ${r.origin}.`, structured: r };
      },
    }),
  ];
}

/** A storage state is read whole: this bounds what one call makes the server hold. */
const STATE_MAX_BYTES = 16 * 1024 * 1024;
/** Browsers keep about this many cookies in all (Firefox's network.cookie.maxNumber, Chromium's 3300): a file with more cannot be a browser's. */
const STATE_MAX_COOKIES = 3_000;
/** What one cookie.set takes (its schema's maximum). */
const COOKIES_PER_CALL = 100;

const notState = (filename: string, why: string) =>
  new CallError({ code: 'invalid_request', message: `browser_set_storage_state: ${shownName(filename)} is not a Playwright storage-state file this tool can load: ${why}.`, retryable: false, details: { code: 'invalid_params', field: 'filename' } });

const issueText = (i: z.core.$ZodIssue | undefined) => (i === undefined ? 'invalid' : `${i.path.length > 0 ? `${i.path.join('.')}: ` : ''}${i.message}`);

/**
 * The file's state, or a refusal that names this tool and the file's own structure. The refusal never
 * quotes the file's content: JSON.parse's message does, so only its kind is passed on.
 */
function parseState(filename: string, text: string): z.infer<typeof StorageState> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw notState(filename, 'the file is not valid JSON');
  }
  const r = StorageState.safeParse(json);
  if (!r.success) throw notState(filename, issueText(r.error.issues[0]));
  if (r.data.cookies.length > STATE_MAX_COOKIES) throw notState(filename, `it holds ${r.data.cookies.length} cookies, and a browser keeps at most about ${STATE_MAX_COOKIES}`);
  return r.data;
}

/** Playwright's storage-state JSON (`BrowserContext.storageState`). */
const StorageState = z.object({
  cookies: z
    .array(
      z.object({
        name: z.string(),
        value: z.string(),
        domain: z.string(),
        path: z.string(),
        expires: z.number().optional(),
        httpOnly: z.boolean().optional(),
        secure: z.boolean().optional(),
        sameSite: z.enum(['Strict', 'Lax', 'None']).optional(),
      }),
    )
    .default([]),
  origins: z.array(z.object({ origin: z.string(), localStorage: z.array(z.object({ name: z.string(), value: z.string() })).default([]) })).default([]),
});

/**
 * A cookie's SameSite in Playwright's words. Chrome 156 reports a cookie set without SameSite as
 * "none" over BiDi, and drops a SameSite=None cookie that is not Secure when it is set again: such a
 * cookie is saved as Lax, the default browsers give it.
 */
function sameSiteOf(c: Cookie): 'Strict' | 'Lax' | 'None' {
  const s = (c.same_site ?? '').toLowerCase();
  if (s === 'strict') return 'Strict';
  return s === 'none' && c.secure ? 'None' : 'Lax';
}

const stateTools: ToolDef[] = [
  defineTool({
    name: 'browser_storage_state',
    title: 'Save storage state',
    description: 'Write the session\'s cookies and the current page origin\'s localStorage to a file, in Playwright\'s storage-state JSON. Other origins\' localStorage is not read (that would need a visit to each).',
    method: 'cookie.list',
    cap: 'storage',
    input: z.object({ filename: z.string().min(1).max(1_000).optional().describe('The file under the server\'s output folder (default storage-state-<time>.json).') }),
    async run(ctx, a) {
      const all = await cookies(ctx);
      const local = await ctx.link.call<ResultOf<'storage.get'>>('storage.get', { kind: 'local' }).then((r) => r.result, () => undefined);
      const state = {
        cookies: all.map((c) => ({ name: c.name, value: c.value, domain: c.domain, path: c.path, expires: c.expires ?? -1, httpOnly: c.http_only, secure: c.secure, sameSite: sameSiteOf(c) })),
        origins: local && local.origin !== 'null' ? [{ origin: local.origin, localStorage: Object.entries(local.entries).map(([name, value]) => ({ name, value })) }] : [],
      };
      const path = await writeOutput(ctx, a.filename ?? `storage-state-${Date.now()}.json`, JSON.stringify(state, null, 2));
      return { text: `Saved ${state.cookies.length} cookie${state.cookies.length === 1 ? '' : 's'} and ${state.origins.length} origin's localStorage to ${path}.`, structured: { path, cookies: state.cookies.length, origins: state.origins.length } };
    },
  }),
  defineTool({
    name: 'browser_set_storage_state',
    title: 'Load storage state',
    description: 'Set cookies and localStorage from a Playwright storage-state JSON file under the output folder. localStorage is written for the current page\'s origin only; other origins are named as skipped.',
    method: 'cookie.set',
    cap: 'storage',
    input: z.object({ filename: z.string().min(1).max(1_000).describe('The storage-state file, under the server\'s output folder.') }),
    async run(ctx, a) {
      const state = parseState(a.filename, await readInput(ctx, a.filename, STATE_MAX_BYTES));
      const toSet = state.cookies.map(({ httpOnly, sameSite, expires, ...c }) => ({ ...c, ...(expires !== undefined && expires >= 0 ? { expires } : {}), ...(httpOnly !== undefined ? { http_only: httpOnly } : {}), ...(sameSite !== undefined ? { same_site: sameSite } : {}) }));
      toSet.forEach((c, i) => {
        const r = CookieInit.safeParse(c);
        if (!r.success) throw notState(a.filename, `cookies[${i}] ${shownName(c.name)}: ${issueText(r.error.issues[0])}`);
      });
      for (let i = 0; i < toSet.length; i += COOKIES_PER_CALL) await ctx.link.call('cookie.set', { cookies: toSet.slice(i, i + COOKIES_PER_CALL) });
      const here = state.origins.length > 0 ? (await ctx.link.call<ResultOf<'storage.get'>>('storage.get', { kind: 'local', keys: [] })).result.origin : undefined;
      const mine = state.origins.find((o) => o.origin === here);
      if (mine !== undefined) await ctx.link.call('storage.set', { kind: 'local', entries: Object.fromEntries(mine.localStorage.map((e) => [e.name, e.value])) });
      const skipped = state.origins.filter((o) => o !== mine).map((o) => o.origin);
      const text = `Set ${toSet.length} cookie${toSet.length === 1 ? '' : 's'}${mine ? ` and localStorage of ${mine.origin}` : ''}.${skipped.length > 0 ? ` Skipped the localStorage of ${skipped.join(', ')}: open a page of that origin and load the state again.` : ''}`;
      return { text, structured: { cookies: toSet.length, origins: mine ? [mine.origin] : [], skipped } };
    },
  }),
];

export const STORAGE_TOOLS: ToolDef[] = [...cookieTools, ...storageTools('local'), ...storageTools('session'), ...stateTools];
