import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Served } from './page-server';

/**
 * One loopback page of sortable lists, one per drag style, each made by its library as a site would
 * use it and none marked up for us (no roles, no classes we read): jQuery UI sortable (mouse events,
 * its handler on the list), SortableJS with `forceFallback` (pointer events, its handler on the list)
 * twice, bare and with the `cursor: move` most sortable pages give their items, a list of HTML5
 * `draggable` items with the page's own dragstart / drop, and two floated 3×3 jQuery UI grids, one
 * with MiniWoB drag-items-grid's sizes and markup (each name in a small div at its tile's top). Each list's order is read back from the library's own API
 * (`window.orders()`); the packages are the pinned ones of this package, served from node_modules.
 */
const require = createRequire(import.meta.url);
const vendor = (pkg: string, file: string) => readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file), 'utf8');

/** Item names per list, top to bottom (the grid row by row); "5" is also part of "58", on purpose. */
export const DRAG_ITEMS = {
  jq: ['Apple', 'Banana', 'Cherry', 'Damson'],
  sj: ['North', 'East', 'South', 'West'],
  sjc: ['Red', 'Green', 'Blue', 'Amber'],
  h5: ['Mon', 'Tue', 'Wed', 'Thu'],
  grid: ['12', '7', '33', '5', '58', '41', '9', '26', '80'],
  mini: ['Ann', 'Bob', 'Cal', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy'],
} as const;

export type DragList = keyof typeof DRAG_ITEMS;

const items = (list: DragList, attrs = '') => DRAG_ITEMS[list].map((n) => `<li data-id="${n}"${attrs}>${n}</li>`).join('');
/** MiniWoB's markup: each tile's name in a div of its own at the tile's top. */
const tiles = (list: DragList) => DRAG_ITEMS[list].map((n) => `<li data-id="${n}"><div>${n}</div></li>`).join('');

export const DRAG_ITEMS_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Drag items</title>
<script src="/jquery.js"></script><script src="/jquery-ui.js"></script><script src="/sortable.js"></script>
<style>
  body { margin: 0; font: 14px sans-serif; }
  ul { position: absolute; top: 20px; width: 140px; margin: 0; padding: 0; list-style: none; }
  ul li { height: 38px; line-height: 38px; border: 1px solid #888; background: #eee; padding-left: 8px; }
  #jq { left: 20px; } #sj { left: 180px; } #sjc { left: 340px; } #h5 { left: 500px; }
  #sjc li { cursor: move; }
  #grid { top: 220px; left: 20px; width: 144px; }
  #grid li { float: left; width: 30px; height: 30px; line-height: 30px; margin: 3px 3px 3px 0; padding: 1px; font-size: 1.5em; text-align: center; }
  #grid::after, #mini::after { content: ''; display: block; clear: both; }
  /* MiniWoB drag-items-grid's sizes: 40 px tiles whose names sit in a small div at the top. */
  #mini { top: 220px; left: 200px; width: 144px; }
  #mini li { float: left; width: 34px; height: 34px; line-height: normal; margin: 3px; padding: 2px; font-size: 8px; }
</style></head><body>
<ul id="jq">${items('jq')}</ul>
<ul id="sj">${items('sj')}</ul>
<ul id="sjc">${items('sjc')}</ul>
<ul id="h5">${items('h5', ' draggable="true"')}</ul>
<ul id="grid">${items('grid')}</ul>
<ul id="mini">${tiles('mini')}</ul>
<script>
  $('#jq').sortable();
  $('#grid').sortable();
  $('#mini').sortable();
  const sj = Sortable.create(document.getElementById('sj'), { forceFallback: true, animation: 0 });
  const sjc = Sortable.create(document.getElementById('sjc'), { forceFallback: true, animation: 0 });
  // HTML5: the page's own handlers. A drop onto an item puts the dragged one at that item's place.
  const h5 = document.getElementById('h5');
  let dragged = null;
  h5.addEventListener('dragstart', (e) => { dragged = e.target.closest('li'); e.dataTransfer.setData('text/plain', dragged.dataset.id); });
  h5.addEventListener('dragover', (e) => e.preventDefault());
  h5.addEventListener('drop', (e) => {
    e.preventDefault();
    const onto = e.target.closest('li');
    const moved = h5.querySelector('[data-id="' + e.dataTransfer.getData('text/plain') + '"]');
    if (!onto || !moved || onto === moved) return;
    const kids = [...h5.children];
    h5.insertBefore(moved, kids.indexOf(moved) < kids.indexOf(onto) ? onto.nextSibling : onto);
  });
  window.orders = () => ({
    jq: $('#jq').sortable('toArray', { attribute: 'data-id' }).join(),
    grid: $('#grid').sortable('toArray', { attribute: 'data-id' }).join(),
    mini: $('#mini').sortable('toArray', { attribute: 'data-id' }).join(),
    sj: sj.toArray().join(),
    sjc: sjc.toArray().join(),
    h5: [...h5.children].map((li) => li.dataset.id).join(),
  });
</script></body></html>`;

/** The scripts the page loads, for `servePage(DRAG_ITEMS_PAGE, dragItemsFiles())`. */
export function dragItemsFiles(): Record<string, Served> {
  const js = (body: string): Served => ({ body, type: 'text/javascript' });
  return {
    '/jquery.js': js(vendor('jquery', 'dist/jquery.min.js')),
    '/jquery-ui.js': js(vendor('jquery-ui', 'dist/jquery-ui.min.js')),
    '/sortable.js': js(vendor('sortablejs', 'Sortable.min.js')),
  };
}
