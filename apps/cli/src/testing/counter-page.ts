import type { ResponseEnvelope } from '@browser-provider/protocol';

/** A page whose "Add" button counts its clicks: the count shows whether anything ever reached the page. */
export const COUNTER_PAGE = `<!doctype html><title>Counter</title><p id="c">count 0</p>
<button onclick="const c=document.getElementById('c'); c.textContent='count '+(Number(c.textContent.split(' ')[1])+1)">Add</button>`;

/** The result of a successful envelope; anything else fails the test with the error it carried. */
export const ok = (env: ResponseEnvelope) => {
  if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
  return env.result as Record<string, any>;
};
