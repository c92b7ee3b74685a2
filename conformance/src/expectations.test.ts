import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { EXPECTATIONS_DIR, Expectations, allPass, compareRun, formatExpectations, loadExpectations } from './expectations';
import { SCENARIO_IDS, type ScenarioId } from './scenarios/index';
import type { ScenarioRunResult, ScenarioStatus } from './types';

const r = (id: string, status: ScenarioStatus, error?: string): ScenarioRunResult => ({
  id: id as ScenarioId,
  status,
  duration_ms: 1,
  notes: [],
  ...(error ? { error } : {}),
});

describe('Expectations schema', () => {
  it.each([
    ['unsorted', { browser: 'x', scenarios: [{ id: 'b', expected: 'pass' }, { id: 'a', expected: 'pass' }] }, /out of order/],
    ['repeated', { browser: 'x', scenarios: [{ id: 'a', expected: 'pass' }, { id: 'a', expected: 'pass' }] }, /repeated/],
    ['fail without reason', { browser: 'x', scenarios: [{ id: 'a', expected: 'fail' }] }, /reason/],
    ['unknown outcome', { browser: 'x', scenarios: [{ id: 'a', expected: 'flaky' }] }, /expected/],
    ['unknown field', { browser: 'x', scenarios: [{ id: 'a', expected: 'pass', note: 1 }] }, /note/],
  ])('rejects %s entries', (_name, value, message) => {
    const parsed = Expectations.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toMatch(message);
  });
});

describe('the checked-in expectation files', () => {
  it('are valid, sorted, formatted and list every scenario', async () => {
    const files = (await readdir(EXPECTATIONS_DIR)).filter((f) => f.endsWith('.json')).sort();
    expect(files).toEqual(['chrome.json', 'firefox.json', 'safari.json']);
    for (const file of files) {
      const text = await readFile(new URL(file, EXPECTATIONS_DIR), 'utf8');
      const e = Expectations.parse(JSON.parse(text));
      expect(e.browser).toBe(file.replace('.json', ''));
      expect(text).toBe(formatExpectations(e));
      expect(e.scenarios.map((s) => s.id)).toEqual([...SCENARIO_IDS].sort());
    }
  });

  it('defaults to all-pass when a browser has no file', async () => {
    expect(await loadExpectations('no-such-browser', SCENARIO_IDS)).toEqual(allPass('no-such-browser', SCENARIO_IDS));
  });
});

describe('compareRun', () => {
  const expectations: Expectations = {
    browser: 'x',
    scenarios: [
      { id: 'a', expected: 'pass' },
      { id: 'b', expected: 'fail', reason: 'known bug' },
    ],
  };
  it.each([
    ['matching outcomes', [r('a', 'pass'), r('b', 'fail')], []],
    ['an unexpected failure', [r('a', 'fail', 'boom'), r('b', 'fail')], ['a: failed but is expected to pass: boom']],
    ['an unexpected pass', [r('a', 'pass'), r('b', 'pass')], ['b: passed but is expected to fail (known bug); update the expectations']],
    ['a missing scenario', [r('a', 'pass')], ['b: listed in the expectations but not executed']],
    ['a skipped scenario', [r('a', 'pass'), r('b', 'skipped')], ['b: listed in the expectations but not executed (skipped)']],
    ['a not-run scenario', [r('a', 'not_run'), r('b', 'fail')], ['a: listed in the expectations but not executed (not_run)']],
    ['an unlisted scenario', [r('a', 'pass'), r('b', 'fail'), r('c', 'pass')], ['c: executed but missing from the expectations file']],
    ['an empty run', [], ['a: listed in the expectations but not executed', 'b: listed in the expectations but not executed']],
  ])('reports %s', (_name, results, problems) => {
    expect(compareRun(expectations, results)).toEqual(problems);
  });
});
