/**
 * The names-and-roles table: small HTML cases with the role and accessible name an agent should see
 * for the element marked `data-t="<key>"`. `role: null` means the element must not appear in a
 * snapshot at all (hidden, inert, presentational). Expectations follow accname 1.2 / HTML-AAM as
 * Chromium, Firefox and WebKit implement them, so other engines' tests can reuse the table as is.
 */

export interface NameRoleCase {
  key: string;
  html: string;
  role: string | null;
  name: string;
  /** Why this case is in the table (the rule it pins down). */
  rule: string;
  /** A run of page text the outline must still show for this case (a label that names a custom control). */
  text?: string;
}

export const NAMES_ROLES_CASES: readonly NameRoleCase[] = [
  { key: 'label-for', rule: 'label[for]', role: 'textbox', name: 'Email', html: '<label for="nr-email">Email</label> <input id="nr-email" data-t="label-for">' },
  { key: 'label-wrap', rule: 'wrapping label', role: 'checkbox', name: 'Remember me', html: '<label>Remember me <input type="checkbox" data-t="label-wrap"></label>' },
  { key: 'label-after', rule: 'label[for] after the control', role: 'checkbox', name: 'I agree', html: '<input type="checkbox" id="nr-agree" data-t="label-after"> <label for="nr-agree">I agree</label>' },
  { key: 'label-markup', rule: 'wrapping label with inline markup', role: 'checkbox', name: 'Send me news', html: '<label><input type="checkbox" data-t="label-markup"> Send <b>me</b> news</label>' },
  { key: 'labelledby', rule: 'aria-labelledby', role: 'textbox', name: 'Search query', html: '<span id="nr-lq">Search query</span> <input aria-labelledby="nr-lq" data-t="labelledby">' },
  { key: 'labelledby-multi', rule: 'aria-labelledby with two ids, in order', role: 'textbox', name: 'First Last', html: '<span id="nr-la">First</span> <span id="nr-lb">Last</span> <input aria-labelledby="nr-la nr-lb" data-t="labelledby-multi">' },
  { key: 'labelledby-hidden', rule: 'aria-labelledby may point at hidden text', role: 'textbox', name: 'Secret label', html: '<span id="nr-lh" hidden>Secret label</span> <input aria-labelledby="nr-lh" data-t="labelledby-hidden">' },
  { key: 'aria-label', rule: 'aria-label beats content', role: 'button', name: 'Close dialog', html: '<button aria-label="Close dialog" data-t="aria-label">×</button>' },
  { key: 'aria-label-link', rule: 'aria-label on a link', role: 'link', name: 'Home page', html: '<a href="/" aria-label="Home page" data-t="aria-label-link">Home</a>' },
  { key: 'title', rule: 'title when nothing else names an input', role: 'textbox', name: 'Zip code', html: '<input title="Zip code" data-t="title">' },
  { key: 'placeholder', rule: 'placeholder as the last resort', role: 'textbox', name: 'Your name', html: '<input placeholder="Your name" data-t="placeholder">' },
  { key: 'label-beats-placeholder', rule: 'label beats placeholder', role: 'textbox', name: 'City', html: '<label for="nr-city">City</label> <input id="nr-city" placeholder="e.g. Paris" data-t="label-beats-placeholder">' },
  { key: 'password', rule: 'password inputs are textboxes', role: 'textbox', name: 'Password', html: '<label for="nr-pw">Password</label> <input type="password" id="nr-pw" value="hunter2" data-t="password">' },
  { key: 'textarea', rule: 'textarea label', role: 'textbox', name: 'Comment', html: '<label for="nr-ta">Comment</label> <textarea id="nr-ta" data-t="textarea"></textarea>' },
  { key: 'select', rule: 'select with label is a combobox', role: 'combobox', name: 'Country', html: '<label for="nr-sel">Country</label> <select id="nr-sel" data-t="select"><option>France</option><option>Peru</option></select>' },
  { key: 'select-multiple', rule: 'multiple select is a listbox', role: 'listbox', name: 'Toppings', html: '<select multiple aria-label="Toppings" data-t="select-multiple"><option>Ham</option></select>' },
  { key: 'search', rule: 'search input', role: 'searchbox', name: 'Site search', html: '<input type="search" aria-label="Site search" data-t="search">' },
  { key: 'number', rule: 'number input', role: 'spinbutton', name: 'Quantity', html: '<label>Quantity <input type="number" value="2" data-t="number"></label>' },
  { key: 'range', rule: 'range input', role: 'slider', name: 'Volume', html: '<label for="nr-vol">Volume</label> <input type="range" id="nr-vol" data-t="range">' },
  { key: 'submit', rule: 'submit input named by value', role: 'button', name: 'Send', html: '<input type="submit" value="Send" data-t="submit">' },
  { key: 'img-alt', rule: 'img alt', role: 'img', name: 'Company logo', html: '<img alt="Company logo" width="10" height="10" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-t="img-alt">' },
  { key: 'img-empty-alt', rule: 'img alt="" is presentational', role: null, name: '', html: '<img alt="" width="10" height="10" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-t="img-empty-alt">' },
  { key: 'link-img', rule: 'link named by its image alt', role: 'link', name: 'Home', html: '<a href="/" data-t="link-img"><img alt="Home" width="10" height="10" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></a>' },
  { key: 'fieldset', rule: 'fieldset named by legend', role: 'group', name: 'Shipping', html: '<fieldset data-t="fieldset"><legend>Shipping</legend><input aria-label="Street"></fieldset>' },
  { key: 'table-caption', rule: 'table named by caption', role: 'table', name: 'Prices', html: '<table data-t="table-caption"><caption>Prices</caption><tr><td>1</td></tr></table>' },
  { key: 'button-text', rule: 'button content', role: 'button', name: 'Save changes', html: '<button data-t="button-text">Save changes</button>' },
  { key: 'button-markup', rule: 'button content across inline markup', role: 'button', name: 'Buy now', html: '<button data-t="button-markup"><b>Buy</b> now</button>' },
  { key: 'button-aria-hidden-icon', rule: 'aria-hidden content is not part of the name', role: 'button', name: 'Favourite', html: '<button data-t="button-aria-hidden-icon"><span aria-hidden="true">★</span> Favourite</button>' },
  { key: 'link-text', rule: 'link content', role: 'link', name: 'Read more', html: '<a href="/more" data-t="link-text">Read more</a>' },
  { key: 'link-title', rule: 'title names an empty link', role: 'link', name: 'Settings', html: '<a href="/settings" title="Settings" data-t="link-title"><span style="display:inline-block;width:10px;height:10px"></span></a>' },
  { key: 'heading', rule: 'heading content', role: 'heading', name: 'Section title', html: '<h2 data-t="heading">Section title</h2>' },
  { key: 'summary', rule: 'summary is a button', role: 'button', name: 'More info', html: '<details><summary data-t="summary">More info</summary>Body</details>' },
  { key: 'role-button', rule: 'explicit role wins', role: 'button', name: 'Menu', html: '<div role="button" tabindex="0" data-t="role-button">Menu</div>' },
  { key: 'role-checkbox', rule: 'explicit role checkbox named by aria-label', role: 'checkbox', name: 'Agree', html: '<span role="checkbox" aria-checked="true" tabindex="0" aria-label="Agree" data-t="role-checkbox">✓</span>' },
  { key: 'role-link', rule: 'explicit role link from content', role: 'link', name: 'Docs', html: '<span role="link" tabindex="0" data-t="role-link">Docs</span>' },
  { key: 'dialog', rule: 'dialog named by aria-labelledby', role: 'dialog', name: 'Confirm', html: '<div role="dialog" aria-labelledby="nr-dt" data-t="dialog"><h2 id="nr-dt">Confirm</h2></div>' },
  { key: 'region', rule: 'section with a name is a region', role: 'region', name: 'Related', html: '<section aria-label="Related" data-t="region"><p>x</p></section>' },
  { key: 'nav', rule: 'nav is navigation', role: 'navigation', name: 'Primary', html: '<nav aria-label="Primary" data-t="nav"><a href="/">x</a></nav>' },
  { key: 'aria-hidden', rule: 'aria-hidden="true" removes the element', role: null, name: '', html: '<button aria-hidden="true" data-t="aria-hidden">Ghost</button>' },
  { key: 'aria-hidden-ancestor', rule: 'aria-hidden="true" removes the subtree', role: null, name: '', html: '<div aria-hidden="true"><button data-t="aria-hidden-ancestor">Ghost 2</button></div>' },
  { key: 'inert', rule: 'inert removes the subtree', role: null, name: '', html: '<div inert><button data-t="inert">Inert</button></div>' },
  { key: 'hidden', rule: 'the hidden attribute removes the element', role: null, name: '', html: '<button hidden data-t="hidden">Hidden</button>' },
  { key: 'visibility', rule: 'visibility:hidden removes the element', role: null, name: '', html: '<button style="visibility:hidden" data-t="visibility">Invisible</button>' },
  { key: 'visibility-child', rule: 'a visibility:visible child of a hidden parent shows', role: 'button', name: 'Peek', html: '<div style="visibility:hidden"><button style="visibility:visible" data-t="visibility-child">Peek</button></div>' },
  { key: 'display', rule: 'display:none removes the subtree', role: null, name: '', html: '<div style="display:none"><a href="/gone" data-t="display">Gone</a></div>' },
  // Clickable without a role (docs/snapshot.md): the name comes from the text. Listener-made clickables
  // need a script and a preload, so they are tested per engine in the widget pages, not here.
  { key: 'clickable-onclick', rule: 'an onclick attribute makes a clickable', role: 'clickable', name: 'Expand all', html: '<span onclick="void 0" data-t="clickable-onclick">Expand <i>all</i></span>' },
  { key: 'clickable-tabindex', rule: 'tabindex >= 0 makes a clickable', role: 'clickable', name: 'Card one', html: '<div tabindex="0" data-t="clickable-tabindex">Card one</div>' },
  { key: 'clickable-tabindex-negative', rule: 'tabindex -1 does not', role: null, name: '', html: '<div tabindex="-1" data-t="clickable-tabindex-negative">Not focusable by tab</div>' },
  { key: 'clickable-cursor', rule: 'a pointer cursor its parent lacks makes a clickable', role: 'clickable', name: 'Show more', html: '<p>Text <span style="cursor:pointer" data-t="clickable-cursor">Show more</span></p>' },
  { key: 'clickable-cursor-inherited', rule: 'an inherited pointer cursor does not', role: null, name: '', html: '<span style="cursor:pointer">Outer <b data-t="clickable-cursor-inherited">inner</b></span>' },
  { key: 'clickable-aria-label', rule: 'aria-label names a clickable', role: 'clickable', name: 'Close panel', html: '<span onclick="void 0" aria-label="Close panel" data-t="clickable-aria-label">×</span>' },
  { key: 'clickable-wrapper', rule: 'a clickable wrapper around a button is not a line of its own', role: null, name: '', html: '<div onclick="void 0" data-t="clickable-wrapper"><button>Go</button></div>' },
  // A custom control is named by the label of the hidden native field it replaces, and the label's words stay.
  { key: 'custom-inner-field', rule: 'a custom combobox takes the label[for] of the hidden select inside it (Choices.js)', role: 'combobox', name: 'Plan', text: 'Plan', html: '<label for="nr-plan">Plan</label><div role="combobox" tabindex="0" aria-haspopup="true" aria-expanded="false" data-t="custom-inner-field"><div><select id="nr-plan" hidden tabindex="-1"><option>Pro</option></select><div>Pro</div></div></div>' },
  { key: 'custom-beside-field', rule: 'a custom combobox takes the label of an aria-hidden select beside its wrapper (Select2)', role: 'combobox', name: 'Team', text: 'Team', html: '<label for="nr-team">Team</label> <select id="nr-team" aria-hidden="true" tabindex="-1" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)"><option>Red</option></select><span><span><span role="combobox" tabindex="0" aria-expanded="false" data-t="custom-beside-field">Red</span></span></span>' },
  { key: 'custom-labelledby-field', rule: 'a custom combobox takes the aria-labelledby label of the hidden select beside it', role: 'combobox', name: 'Size', text: 'Size', html: '<span id="nr-size">Size</span> <select aria-labelledby="nr-size" style="display:none"><option>M</option></select><div role="combobox" tabindex="0" aria-expanded="false" data-t="custom-labelledby-field">Medium</div>' },
  { key: 'custom-label-for-self', rule: 'a custom combobox takes a label[for] naming its own id, the select\'s label it took over (jQuery UI selectmenu)', role: 'combobox', name: 'Speed', text: 'Speed', html: '<label for="nr-speed-button">Speed</label> <select id="nr-speed" style="display:none"><option>Medium</option></select><span tabindex="0" id="nr-speed-button" role="combobox" aria-expanded="false" aria-haspopup="true" data-t="custom-label-for-self"><span></span><span>Medium</span></span>' },
  { key: 'custom-labelledby-option', rule: 'a custom combobox labelled by its chosen option is named by its label all the same (the option is its value)', role: 'combobox', name: 'Pace', text: 'Pace', html: '<label for="nr-pace-button">Pace</label> <select id="nr-pace" style="display:none"><option>Fast</option></select><span tabindex="0" id="nr-pace-button" role="combobox" aria-expanded="false" aria-labelledby="nr-pace-fast" data-t="custom-labelledby-option"><span>Fast</span></span><ul role="listbox" aria-hidden="true"><li><div role="option" id="nr-pace-fast">Fast</div></li></ul>' },
  { key: 'custom-beside-label', rule: 'a custom combobox takes the words of the label of no control just before it', role: 'combobox', name: 'Country', text: 'Country', html: '<label>Country</label><div role="combobox" tabindex="0" aria-expanded="false" data-t="custom-beside-label">Chile</div>' },
  { key: 'custom-own-name', rule: 'a custom control with a name of its own keeps it', role: 'combobox', name: 'Colour', html: '<label for="nr-col">Colour</label><div role="combobox" tabindex="0" aria-label="Colour" aria-expanded="false" data-t="custom-own-name"><select id="nr-col" hidden><option>Red</option></select>Red</div>' },
  { key: 'custom-other-kind', rule: 'a hidden labelled checkbox inside an option does not name its listbox', role: 'listbox', name: '', html: '<div role="listbox" tabindex="0" data-t="custom-other-kind"><div role="option" aria-selected="false"><input type="checkbox" id="nr-apple" hidden><label for="nr-apple">Apple</label></div></div>' },
  { key: 'contenteditable', rule: 'contenteditable is a textbox, not a clickable', role: 'textbox', name: 'Notes', html: '<div contenteditable="true" aria-label="Notes" data-t="contenteditable">draft</div>' },
];

/** All cases in one page, each in its own block so they do not interfere. */
export function namesRolesFixture(): string {
  const body = NAMES_ROLES_CASES.map((c) => `<div class="nr-case" data-case="${c.key}">${c.html}</div>`).join('\n');
  return `<!doctype html><html><head><title>names and roles</title></head><body>\n${body}\n</body></html>`;
}

/** What a snapshot shows for one case: its node's role and name, or null when absent. */
export interface SeenRoleName {
  key: string;
  role: string | null;
  name: string;
}

/**
 * Reads every case out of a snapshot. `idOf` resolves a case's `[data-t]` element to its local id
 * (through the `query` op); the node carrying that id is the case's node.
 */
export function readCases(
  nodes: readonly { id?: number; role: string; name: string }[],
  idOf: (key: string) => number | undefined,
): SeenRoleName[] {
  const byId = new Map<number, { role: string; name: string }>();
  for (const n of nodes) if (n.id !== undefined) byId.set(n.id, n);
  return NAMES_ROLES_CASES.map((c) => {
    const id = idOf(c.key);
    const node = id === undefined ? undefined : byId.get(id);
    return { key: c.key, role: node ? node.role : null, name: node ? node.name : '' };
  });
}

/**
 * The cases whose `text` is not a text run of the snapshot (each case sits in its own block, so the
 * label's words are a run of their own). An empty list is a pass.
 */
export function missingTexts(nodes: readonly { role: string; text?: string }[]): string[] {
  const runs = new Set<string>();
  for (const n of nodes) if (n.role === 'text' && n.text !== undefined) runs.add(n.text);
  return NAMES_ROLES_CASES.filter((c) => c.text !== undefined && !runs.has(c.text)).map((c) => `${c.key}: "${c.text}"`);
}

export function expectedCases(): SeenRoleName[] {
  return NAMES_ROLES_CASES.map((c) => ({ key: c.key, role: c.role, name: c.role === null ? '' : c.name }));
}
