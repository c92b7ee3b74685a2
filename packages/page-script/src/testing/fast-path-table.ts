/**
 * Shapes the accessible-name fast paths claim to handle, plus near-misses they must hand to the
 * library. The browser test compares fast and library answers on every element of this page.
 */
export const FAST_PATH_FIXTURE = `<!doctype html><html><head><title>fast paths</title></head><body>
<button>Plain</button>
<button>  Spaced
   out  </button>
<button aria-label="Labelled">x</button>
<button aria-label="  ">Blank label falls back</button>
<button title="Tip"></button>
<button><b>Bold</b> part</button>
<a href="/a">Link text</a>
<a href="/b" title="Only title"></a>
<a href="/c"><img alt="Logo"></a>
<h3>Heading text</h3>
<h3 aria-labelledby="fp-x">Ignored</h3><span id="fp-x">Referenced</span>
<div role="tab">Tab one</div>
<div role="option">Option one</div>
<table><tr><td>Cell text</td><td><a href="/d">In cell</a></td><th>Header</th></tr></table>
<label for="fp-1">For label</label><input id="fp-1">
<label>Wrapped <input id="fp-2"></label>
<label><input type="checkbox" id="fp-3"> Box after</label>
<label for="fp-4">Two</label><label for="fp-4">labels</label><input id="fp-4">
<label for="fp-5"><b>Marked</b> up</label><input id="fp-5">
<label for="fp-6" style="display:none">Hidden label</label><input id="fp-6">
<input id="fp-7" placeholder="Only placeholder">
<input id="fp-8" title="Only title">
<label for="fp-9">Select label</label><select id="fp-9"><option>a</option></select>
<label for="fp-10">Area label</label><textarea id="fp-10"></textarea>
<input type="submit" value="Go">
<div title="Generic title">x</div>
<p>Paragraph</p>
<ul><li>Item</li></ul>
<nav aria-label="Nav label"></nav>
<section>Unnamed section</section>
<fieldset><legend>Legend</legend></fieldset>
<div role="dialog" aria-label="Dialog label"></div>
</body></html>`;
