/**
 * One page holding every native input kind, for page.type / browser_fill_form on every engine. The page
 * keeps its own record: `window.events[id]` lists the input and change events each field got, so a test
 * reads what the page saw, never our answer. Fields that push back: `#guarded` has a `value` property of
 * its own on the element (as React's value tracker does) that swallows writes, `#guarded-pick` an option
 * whose own `selected` does the same, and `#delivery` clears
 * itself on change when the date is a weekend.
 */
export const INPUTS_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Inputs</title>
<style>body { font: 13px sans-serif; margin: 6px; } label { display: block; margin: 1px 0; }</style></head><body>
<form onsubmit="return false">
<label>Name <input id="text" type="text"></label>
<label>Search <input id="search" type="search"></label>
<label>Email <input id="email" type="email"></label>
<label>Website <input id="url" type="url"></label>
<label>Phone <input id="tel" type="tel"></label>
<label>Secret <input id="password" type="password"></label>
<label>Count <input id="number" type="number" min="0" max="10"></label>
<label>Start date <input id="date" type="date" min="2025-01-01" max="2025-12-31"></label>
<label>Alarm <input id="time" type="time"></label>
<label>Meeting <input id="datetime" type="datetime-local"></label>
<label>Billing month <input id="month" type="month"></label>
<label>Sprint week <input id="week" type="week"></label>
<label>Accent colour <input id="color" type="color" value="#3366cc"></label>
<label>Volume <input id="range" type="range" min="0" max="100" step="5" value="50"></label>
<label>Notes <textarea id="notes"></textarea></label>
<label>Fruit <select id="fruit"><option value="a">Apple</option><option value="b">Banana</option><option value="c">Cherry</option></select></label>
<label>Toppings <select id="toppings" multiple size="3"><option value="x">Cheese</option><option value="y">Ham</option><option value="z">Olives</option></select></label>
<label><input id="agree" type="checkbox"> Agree to terms</label>
<label><input id="size-s" type="radio" name="size" value="s" checked> Small</label>
<label><input id="size-l" type="radio" name="size" value="l"> Large</label>
<label>Code <input id="code" type="text" maxlength="4"></label>
<label>Guarded date <input id="guarded" type="date"></label>
<label>Guarded pick <select id="guarded-pick" multiple size="2"><option value="1">One</option><option value="2">Two</option></select></label>
<label>Delivery day <input id="delivery" type="date"></label>
</form>
<script>
window.events = {};
for (const el of document.querySelectorAll('input, select, textarea')) {
  for (const type of ['input', 'change']) el.addEventListener(type, () => (window.events[el.id] ||= []).push(type));
}
window.ownSetterCalls = 0;
Object.defineProperty(document.getElementById('guarded'), 'value', {
  configurable: true,
  get() { return 'page says no'; },
  set() { window.ownSetterCalls++; },
});
Object.defineProperty(document.querySelector('#guarded-pick option[value="2"]'), 'selected', { configurable: true, get() { return false; }, set() { window.ownSetterCalls++; } });
document.getElementById('delivery').addEventListener('change', (e) => {
  const day = new Date(e.target.value + 'T12:00:00Z').getUTCDay();
  if (day === 0 || day === 6) e.target.value = '';
});
</script></body></html>`;

/** A page expression: the field's value through the element interface's own getter (not the element's own property). */
export const nativeValue = (id: string) =>
  `Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').get.call(document.getElementById(${JSON.stringify(id)})) ?? ''`;
