import { describe, expect, it } from 'vitest';
import { callPageOp } from './page-call';

/** Answers in order, then repeats the last; counts installs. */
function page(...answers: unknown[]) {
  let i = 0;
  const state = { installs: 0 };
  return {
    state,
    ask: async () => answers[Math.min(i++, answers.length - 1)],
    install: async () => void state.installs++,
  };
}

describe('callPageOp', () => {
  it('answers without installing when the script is there', async () => {
    const p = page(JSON.stringify({ ok: true, value: { n: 1 } }));
    expect(await callPageOp('metrics', p.ask, p.install)).toEqual({ n: 1 });
    expect(p.state.installs).toBe(0);
  });

  it('installs once and asks again in a document without the script', async () => {
    const p = page(null, JSON.stringify({ ok: true, value: 7 }));
    expect(await callPageOp('metrics', p.ask, p.install)).toBe(7);
    expect(p.state.installs).toBe(1);
  });

  it.each([
    ['page_script_missing', [null]],
    ['page_script_error', [JSON.stringify({ ok: false, error: 'boom' })]],
  ])('fails with internal_error / %s', async (detail, answers) => {
    const p = page(...answers);
    await expect(callPageOp('metrics', p.ask, p.install)).rejects.toMatchObject({ code: 'internal_error', details: { code: detail } });
  });

  it('a failed op without an error text still says why, never "undefined"', async () => {
    const p = page(JSON.stringify({ ok: false }));
    await expect(callPageOp('metrics', p.ask, p.install)).rejects.toMatchObject({ message: 'Page script op metrics failed: it gave no reason' });
  });
});
