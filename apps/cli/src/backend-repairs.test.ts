import { BIDI_ERROR_TABLE } from '@browser-provider/bidi';
import { DRIVER_EXITED_RULE, TRANSPORT_ERROR_TABLE } from '@browser-provider/classic';
import { CORE_METHODS, isMethodName, isOwnMethodName } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';

/**
 * The backends' own error rows (core's causes, the W3C table and actionability are walked in
 * packages/core/src/repairs.test.ts). A backend's error can come from any call, so its repair must
 * name a method every provider offers: a core method (describe's core_methods is all of them).
 */
const rows: Array<[string, string | undefined]> = [
  ...BIDI_ERROR_TABLE.map((r): [string, string | undefined] => [`bidi ${r.bidi}${r.messagePattern ? ` /${r.messagePattern}/` : ''}`, r.repair?.method]),
  ...Object.entries(TRANSPORT_ERROR_TABLE).map(([k, r]): [string, string | undefined] => [`classic ${k}`, r.repair?.method]),
  ['classic driver exited', DRIVER_EXITED_RULE.repair?.method],
];

describe("the backends' own error rows", () => {
  it('name a core method of the method table in every repair', () => {
    const named = rows.filter(([, m]) => m !== undefined);
    expect(named.length).toBeGreaterThan(5);
    const core = new Set<string>(CORE_METHODS);
    expect(named.filter(([, m]) => m === undefined || !(isMethodName(m) || isOwnMethodName(m)) || !core.has(m))).toEqual([]);
  });
});
