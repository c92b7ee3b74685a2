/**
 * A page that records the mouse events of every click on its one button into `window.take()`: type,
 * event.button, event.detail (the click count; not for contextmenu, whose detail engines set
 * differently) and the modifiers held (A Alt, C Control, M Meta, S Shift). Listeners are on the
 * window in the capture phase and cancel nothing, so each engine's default actions run as usual.
 */
export const CLICKS_PAGE = `<!doctype html><meta charset="utf-8"><title>Clicks</title>
<style>body { margin: 0 } #t { position: absolute; left: 50px; top: 50px; width: 200px; height: 100px; margin: 0 }</style>
<button id="t">Target</button>
<script>
  let seen = [];
  for (const type of ['mousedown', 'mouseup', 'click', 'dblclick', 'contextmenu', 'auxclick']) {
    addEventListener(type, (e) => {
      const mods = (e.altKey ? 'A' : '') + (e.ctrlKey ? 'C' : '') + (e.metaKey ? 'M' : '') + (e.shiftKey ? 'S' : '');
      seen.push([type, e.button, ...(type === 'contextmenu' ? [] : [e.detail]), ...(mods ? [mods] : [])].join('/'));
    }, true);
  }
  window.take = () => { const out = seen; seen = []; return out; };
</script>`;

/** The centre of the page's button, in viewport CSS pixels. */
export const CLICKS_TARGET_CENTRE = { x: 150, y: 100 };
