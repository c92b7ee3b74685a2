import { describe, expect, test } from 'vitest';
import { jsdomPage } from '../testing/jsdom-page';

describe('query (jsdom)', () => {
  test('an invalid selector is answered, never thrown', async () => {
    const page = jsdomPage('<p>x</p>');
    for (const selector of ['div[', '>>>', '', ':not(']) {
      const r = await page.call('query', { selector, limit: 5 });
      expect(r.ok, selector).toBe(false);
      if (!r.ok) expect(r.code).toBe('invalid_selector');
    }
  });

  test('selectors reach into open shadow roots and report iframes', async () => {
    const page = jsdomPage('<button class="b">Light</button><x-host></x-host><iframe title="f"></iframe>');
    const root = page.document.querySelector('x-host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<button class="b">Shadow</button>';
    const r = await page.call('query', { selector: '.b', limit: 10 });
    if (!r.ok) throw new Error(r.message);
    expect(r.matches.map((m) => [m.role, m.name])).toEqual([['button', 'Light'], ['button', 'Shadow']]);
    expect(r.iframes).toHaveLength(1);
    expect(r.doc).toBe(await page.call('doc'));
  });

  test('text search prefers the innermost actionable element and skips hidden ones', async () => {
    const page = jsdomPage(`<div><section><button><span>Sign in</span></button></section></div>
      <button style="display:none">Sign in hidden</button><p>Welcome to sign in land</p>
      <label for="e">Email address</label><input id="e"><input aria-label="Search site">`);
    const q = async (text: string) => {
      const r = await page.call('query', { text, limit: 10 });
      if (!r.ok) throw new Error(r.message);
      return r.matches.map((m) => `${m.role}:${m.name}`);
    };
    // Exact matches come first, then the paragraph that merely contains the text.
    expect(await q('SIGN IN')).toEqual(['button:Sign in', 'generic:']);
    expect(await q('email')).toEqual(['textbox:Email address']);
    expect(await q('search site')).toEqual(['textbox:Search site']);
    expect(await q('nothing like this')).toEqual([]);
  });

  test('text search on the label of a replaced field finds the custom control that replaces it', async () => {
    const page = jsdomPage(`<label for="plan">Plan</label>
      <div role="combobox" tabindex="0" aria-expanded="false"><select id="plan" hidden><option>Pro</option></select>Pro</div>`);
    const r = await page.call('query', { text: 'plan', limit: 10 });
    if (!r.ok) throw new Error(r.message);
    expect(r.matches.map((m) => `${m.role}:${m.name}`)).toEqual(['combobox:Plan']);
  });

  test('limit caps the matches', async () => {
    const page = jsdomPage(Array.from({ length: 30 }, (_, i) => `<a href="/${i}">Item ${i}</a>`).join(''));
    const r = await page.call('query', { selector: 'a', limit: 7 });
    expect(r.ok && r.matches.length).toBe(7);
  });

  test('probe checks text, selectors and elements, and reports readyState', async () => {
    const page = jsdomPage('<p>Order placed</p><div class="spinner" style="display:none"></div><x-host></x-host>');
    page.document.querySelector('x-host')!.attachShadow({ mode: 'open' }).innerHTML = '<span>From the shadow</span>';
    const id = (await page.call('query', { selector: 'p', limit: 1 }) as { matches: { id: number }[] }).matches[0]!.id;
    const r = await page.call('probe', {
      text_present: 'order PLACED', text_absent: 'error', selector_present: 'p', selector_absent: '.spinner', element_present: id,
    });
    expect(r).toMatchObject({ ok: true, readyState: 'complete', satisfied: { text_present: true, text_absent: true, selector_present: true, selector_absent: true, element_present: true } });
    const shadow = await page.call('probe', { text_present: 'from the shadow' });
    expect(shadow.ok && shadow.satisfied.text_present).toBe(true);
    page.document.querySelector('p')!.remove();
    const after = await page.call('probe', { text_absent: 'order placed', element_present: id });
    expect(after.ok && after.satisfied).toEqual({ text_absent: true, element_present: false });
    expect((await page.call('probe', { selector_present: '[[' })).ok).toBe(false);
  });
});
