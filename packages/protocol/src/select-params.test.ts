import { describe, expect, it } from 'vitest';
import { METHODS } from './methods';

/** `page.select` takes lists (`values`, `labels`) and their natural one-option forms (`value`, `label`). */
describe('page.select params', () => {
  const parse = (p: Record<string, unknown>) => METHODS['page.select'].params.safeParse({ session_id: 's', element_ref: 'e1', ...p });
  it.each([
    [{ values: ['a', 'b'] }],
    [{ labels: ['Alpha'] }],
    [{ value: 'pro' }],
    [{ label: 'Pro plan' }],
    [{ value: 'pro', labels: ['x'] }],
  ])('accepts %j', (p) => {
    expect(parse(p).success).toBe(true);
  });
  it.each([
    [{ value: 'a', values: ['b'] }, 'value'],
    [{ label: 'a', labels: ['b'] }, 'label'],
    [{ value: 3 }, 'value'],
  ])('refuses %j, naming the field', (p, field) => {
    const r = parse(p);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain(field);
  });
});
