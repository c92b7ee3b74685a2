/**
 * Three controls whose first event makes the page change under the pointer (issue 21, item 3): the
 * click reached them and the page acted, and the rest of the gesture would land on what now lies
 * under the pointer. Each has an element beneath it that records whatever events reach it, in
 * `window.under`; `window.acted` lists what the controls did.
 */
export const CLICK_TRUTH_PAGE = `<!doctype html><meta charset="utf-8"><title>Click truth</title>
<style>
  body { margin: 0; font: 16px sans-serif }
  .under { position: absolute; left: 0; width: 400px; height: 120px; background: #eef }
  .ctl { position: absolute; left: 40px; width: 200px; height: 40px; margin: 0; box-sizing: border-box }
</style>
<div class="under" id="under-field" style="top: 0"></div>
<div id="step" style="position: absolute; left: 40px; top: 20px; width: 200px; height: 60px; display: none; background: #cfc">Step 2</div>
<input class="ctl" id="field" aria-label="Moves on focus" style="top: 20px">
<div class="under" id="under-button" style="top: 140px"></div>
<button class="ctl" id="vanish" style="top: 160px">Vanishes on mousedown</button>
<div class="under" id="under-menu" style="top: 280px"></div>
<div id="menu" role="menu" style="position: absolute; left: 40px; top: 300px; width: 200px; background: #fff; border: 1px solid #888">
  <div role="menuitem" id="open" tabindex="-1" style="height: 40px">Open</div>
</div>
<iframe id="cross" title="Cross-site counter" style="position: absolute; left: 0; top: 400px; width: 300px; height: 80px; border: 0"></iframe>
<script>
  // Another site (localhost, not 127.0.0.1) on the same server: out of process under site isolation.
  document.getElementById('cross').src = 'http://localhost:' + location.port + '/counter';
  window.acted = [];
  window.under = [];
  for (const id of ['under-field', 'step', 'under-button', 'under-menu']) {
    for (const type of ['pointerup', 'mouseup', 'click']) document.getElementById(id).addEventListener(type, () => under.push(id + ':' + type));
  }
  const field = document.getElementById('field');
  // A task page moving on once the field is focused: a step appears above it and pushes it down.
  field.addEventListener('focus', () => {
    acted.push('field:focus');
    document.getElementById('step').style.display = 'block';
    field.style.top = '80px';
  });
  document.getElementById('vanish').addEventListener('mousedown', (e) => {
    acted.push('vanish:mousedown');
    e.currentTarget.style.display = 'none';
  });
  // A menu that chooses on mousedown and closes at once (as many menu libraries do).
  document.getElementById('open').addEventListener('mousedown', () => {
    acted.push('open:mousedown');
    document.getElementById('menu').style.display = 'none';
  });
</script>`;


/** The cross-site frame's document: a button that counts the clicks it gets, in its own name (a snapshot reads it). */
export const COUNTER_FRAME = `<!doctype html><meta charset="utf-8"><title>Counter</title>
<button id="count" style="width: 200px; height: 40px">clicks 0</button>
<script>
  let n = 0;
  document.getElementById('count').addEventListener('click', (e) => { e.currentTarget.textContent = 'clicks ' + ++n; });
</script>`;
