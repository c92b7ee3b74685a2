import { BIDI_ERROR_TABLE } from '@browser-provider/bidi';
import { DRIVER_EXITED_RULE, TRANSPORT_ERROR_TABLE } from '@browser-provider/classic';
import { CATALOG, W3C_ERROR_TABLE } from '@browser-provider/core';
import { CAPS, offeredTools, TOOLS, vocabularyFor, type Cap } from '@browser-provider/mcp';
import { CORE_METHODS, METHODS, isMethodName, isOwnMethodName, type ErrorCode, type Repair } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';

/**
 * The backends' own error rows and the W3C table both WebDriver backends share (core's causes are the
 * error catalog, walked in packages/core/src/catalog/catalog.test.ts and packages/mcp/src/repairs.test.ts).
 * A backend's error can come from any call, so its repair must name a method every provider offers
 * (a core method), with params its schema takes once the dispatcher adds the call's ids, and an MCP
 * server must say it as a tool call that parses, or as its hint alone.
 */
interface Row {
  where: string;
  code: ErrorCode;
  detail: string;
  retryable: boolean;
  repair: Repair | undefined;
}
const rows: Row[] = [
  ...BIDI_ERROR_TABLE.map((r) => ({ where: `bidi ${r.bidi}${r.messagePattern ? ` /${r.messagePattern}/` : ''}`, code: r.code, detail: r.detail, retryable: r.retryable, repair: r.repair })),
  ...Object.entries(TRANSPORT_ERROR_TABLE).map(([k, r]) => ({ where: `classic ${k}`, code: r.code, detail: r.detail, retryable: r.retryable, repair: r.repair })),
  { where: 'classic driver exited', code: DRIVER_EXITED_RULE.code, detail: DRIVER_EXITED_RULE.detail, retryable: DRIVER_EXITED_RULE.retryable, repair: DRIVER_EXITED_RULE.repair },
];
const w3c: Row[] = W3C_ERROR_TABLE.map((r) => ({ where: `w3c ${r.error}`, code: r.code, detail: r.detail, retryable: r.retryable, repair: r.repair }));

/** The repair's params as the dispatcher sends them: the call's ids added where the repair leaves them out. */
const sent = (r: Repair) => ({ session_id: 's1', ...(r.method.startsWith('page.') ? { page_id: 'p1' } : {}), ...r.params });

describe("the backends' own error rows", () => {
  it('name a core method of the method table in every repair', () => {
    const named = rows.filter((r) => r.repair !== undefined);
    expect(named.length).toBeGreaterThan(5);
    const core = new Set<string>(CORE_METHODS);
    expect(named.filter((r) => r.repair === undefined || !(isMethodName(r.repair.method) || isOwnMethodName(r.repair.method)) || !core.has(r.repair.method)).map((r) => r.where)).toEqual([]);
  });

  it.each([...rows, ...w3c].filter((r) => r.repair !== undefined).map((r) => [r.where, r] as const))('%s: the repair parses with its method\'s params schema', (_where, r) => {
    const repair = r.repair as Repair;
    const schema = isMethodName(repair.method) ? METHODS[repair.method].params : undefined;
    const parsed = schema?.safeParse(sent(repair));
    expect(parsed?.success ? 'ok' : (parsed?.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') ?? 'not a method of the table')).toBe('ok');
  });

  it('agree with the error catalog wherever they answer one of its causes', () => {
    const disagree = [...rows, ...w3c].flatMap((r) => {
      const entry = CATALOG.find((e) => e.detail === r.detail);
      return entry !== undefined && (entry.code !== r.code || entry.retryable !== r.retryable) ? [`${r.where}: ${r.code}/${r.detail}`] : [];
    });
    expect(disagree).toEqual([]);
  });

  it('are said over MCP, under every --caps set, as an offered tool whose schema parses, or the hint alone', () => {
    const capSets: Cap[][] = Array.from({ length: 1 << CAPS.length }, (_, bits) => CAPS.filter((_c, i) => (bits & (1 << i)) !== 0));
    const bad: string[] = [];
    for (const caps of capSets) {
      const offered = offeredTools(() => true, new Set(caps));
      const names = new Set(offered.map((t) => t.name));
      const vocab = vocabularyFor(offered);
      for (const r of [...rows, ...w3c]) {
        if (r.repair === undefined) continue;
        const said = vocab.error({ code: r.code, message: 'It failed.', retryable: r.retryable, details: { code: r.detail, repair: { ...r.repair, params: sent(r.repair) } } }).text;
        const m = /^Repair: (browser_[a-z_]+)(?: (\{.*?\}))?(?: — |$)/m.exec(said);
        if (m === null) continue;
        const tool = m[1] as string;
        const ok = names.has(tool) && TOOLS.find((t) => t.name === tool)?.input.safeParse(m[2] !== undefined ? JSON.parse(m[2]) : {}).success === true;
        if (!ok) bad.push(`${r.where} with --caps ${caps.join(',')}: ${said}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
