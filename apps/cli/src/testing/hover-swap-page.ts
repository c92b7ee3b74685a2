import type { Served } from '@browser-provider/testing';

/**
 * Icons whose look changes on hover, as MiniWoB social-media's "more" icon (issue 30, finding 7):
 * `.more { content: url(more.png) }`, `.more:hover { content: url(more-hover.png) }`, the height set
 * and the width taken from the image. Each hover image is served late and never cached, so every
 * click meets it still loading: Chromium 156 then lays the icon out 0 px wide, and the pointer that
 * hovered it is over the row beside it until the image comes. A person's click opens the icon's
 * menu; `window.toggles` counts the clicks each icon's handler took (a second toggle would close the
 * menu again), `window.beside` the clicks that reached its row instead.
 */

const icon = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="3" cy="8" r="2" fill="${fill}"/><circle cx="8" cy="8" r="2" fill="${fill}"/><circle cx="13" cy="8" r="2" fill="${fill}"/></svg>`;

export const HOVER_SWAP_ROWS = ['a', 'b', 'c'] as const;

export const HOVER_SWAP_PAGE = `<!doctype html><meta charset="utf-8"><title>Hover swap</title>
<style>
  body { margin: 0; font: 14px sans-serif }
  .media { height: 60px; width: 160px; border: 1px solid #ccc; position: relative; margin: 4px }
  .controls { position: absolute; bottom: 0 }
  .more { height: 14px; margin-left: 15px; cursor: pointer; content: url(/more.svg) }
${HOVER_SWAP_ROWS.map((r) => `  #more-${r}:hover { content: url(/more-hover-${r}.svg) }`).join('\n')}
  .menu { list-style: none; margin: 0; padding: 0; border: 1px solid #999 }
  .hide { display: none }
</style>
${HOVER_SWAP_ROWS.map((r) => `<div class="media" id="row-${r}">Post ${r}<div class="controls"><span><span class="more" id="more-${r}" role="button" aria-label="More ${r}"></span><ul class="menu hide" id="menu-${r}"><li>Share ${r}</li></ul></span></div></div>`).join('\n')}
<script>
  window.toggles = {};
  window.beside = [];
  for (const r of ${JSON.stringify(HOVER_SWAP_ROWS)}) {
    toggles[r] = 0;
    document.getElementById('more-' + r).addEventListener('click', () => {
      toggles[r]++;
      document.getElementById('menu-' + r).classList.toggle('hide');
    });
    document.getElementById('row-' + r).addEventListener('click', (e) => { if (e.target.id !== 'more-' + r) beside.push(r); });
  }
</script>`;

/** The images: the hover ones answered late (and never cached), so each click meets its icon's hover look still loading. */
export const HOVER_SWAP_IMAGES: Record<string, Served> = {
  '/more.svg': { body: icon('#888'), type: 'image/svg+xml' },
  ...Object.fromEntries(HOVER_SWAP_ROWS.map((r) => [`/more-hover-${r}.svg`, { body: icon('#36c'), type: 'image/svg+xml', delayMs: 150 }])),
};
