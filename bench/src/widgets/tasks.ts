import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SUITE, UPLOAD } from '@browser-provider/conformance/widget-suite';
import { Agent, TaskFailed } from '../mcp-agent';

/**
 * The widget suite's tasks (issue 30): one scripted policy per task, which acts only on what the MCP
 * answers said (refs and names read from their text), the same script for every server. Whether a
 * task was done is not the policy's say: `done` reads the state the page reported from its library's
 * API through the suite site's test-only channel (conformance/src/fixtures/widget-suite.ts).
 */

/** What a policy may know besides the answers: where the site is, and the file it is asked to upload. */
export interface TaskSite {
  readonly origin: string;
  readonly upload: string;
}

export interface WidgetTask {
  name: string;
  /** What issue 30's list calls it: the report groups nothing by it, a reader checks coverage. */
  kind: string;
  path: string;
  run(a: WidgetAgent, site: TaskSite): Promise<void>;
  /** Whether the page's reported state shows the task done. */
  done(state: any): boolean;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An outline line's role (its first word), its ref, and its name: quoted, or Playwright's `: text` after the ref. */
const ROLE = /^[\s+~-]*([a-z][\w-]*)/;
const REF = /\[(?:ref=)?(f?[0-9]*e[0-9]+)\]/;
const QUOTED = /^[\s+~-]*[a-z][\w-]* "((?:[^"\\]|\\.)*)"/;
const AFTER = /\]:\s+(.*)$/;

const TEXT = 'textbox|searchbox';
/** A control whose role the two outlines print differently: any role. */
const ANY = '[a-z][\\w-]*';
/** An option of an open list, as the two outlines print a library's list rows. */
const OPTION = 'option|menuitem|listitem|generic|clickable';
/** An item a person drags or picks from a list. */
const ITEM = 'listitem|clickable';
/** A day in a date picker's month grid. */
const DAY = 'link|button|cell|gridcell|option|generic|clickable';

/**
 * The bench's scripted model, with one more way to find a target: by role out of a list and by the
 * name either server prints (a quoted name, or the row's text after the colon where Playwright's
 * outline gives no name), newest answer first, one snapshot when it was not read yet.
 */
export class WidgetAgent extends Agent {
  #read: string[] = [];

  constructor(client: Client) {
    super(client);
  }

  override async call(tool: string, args: Record<string, unknown>, opts: { navigates?: boolean } = {}): Promise<string> {
    if (opts.navigates) this.#read = [];
    try {
      const text = await super.call(tool, args, opts);
      this.#read.push(text);
      return text;
    } catch (e) {
      if (e instanceof TaskFailed) this.#read.push(e.message);
      throw e;
    }
  }

  #find(roles: RegExp, name: RegExp): string | undefined {
    for (const text of [...this.#read].reverse()) {
      // Our diff answers mark a removed line with a leading "- "; in Playwright's YAML it is a list item.
      const yaml = text.includes('```yaml');
      for (const l of text.split('\n')) {
        if (!yaml && l.startsWith('- ')) continue;
        const role = ROLE.exec(l)?.[1];
        const ref = REF.exec(l)?.[1];
        if (role === undefined || ref === undefined || !roles.test(role)) continue;
        const n = (QUOTED.exec(l)?.[1] ?? AFTER.exec(l)?.[1] ?? '').replace(/\\"/g, '"').trim().replace(/^"(.*)"$/, '$1');
        if (name.test(n)) return ref;
      }
    }
    return undefined;
  }

  /**
   * The ref of the element whose role is one of `roles` and whose name is `name` (or one of the
   * names, where a library gives a control a long name and its visible text: "March 14, 2026", "14").
   */
  async target(roles: string, name: Names): Promise<string> {
    let hit = this.#find(rolesOf(roles), namesOf(name));
    if (hit === undefined) {
      await this.call('browser_snapshot', {});
      hit = this.#find(rolesOf(roles), namesOf(name));
    }
    if (hit === undefined) throw new TaskFailed(`no ${roles} ${JSON.stringify(name)} on the page`);
    return hit;
  }

  /** Whether a target was read, without asking for a snapshot. */
  seen(roles: string, name: Names): boolean {
    return this.#find(rolesOf(roles), namesOf(name)) !== undefined;
  }

  /** Waits for the name to show when the target was not read yet (a menu that opens after a delay). */
  async appear(roles: string, name: Names): Promise<void> {
    if (!this.seen(roles, name)) await this.call('browser_wait_for', { text: typeof name === 'string' ? name : name[name.length - 1]! });
  }

  async open(origin: string, path: string): Promise<void> {
    await this.call('browser_navigate', { url: origin + path }, { navigates: true });
  }

  /**
   * Clicks the named element. When the answer says the ref went stale (a list the library drew again
   * after the answer was read, such as Tom Select's filter, 300 ms after the last key), it does what
   * that answer's repair says, once: a new snapshot, and the click on the ref read there.
   */
  async click(roles: string, name: Names): Promise<void> {
    const target = await this.target(roles, name);
    try {
      await this.call('browser_click', { element: label(name), target });
    } catch (e) {
      if (!(e instanceof TaskFailed) || !/stale_ref|no longer on the page|not found/i.test(e.message)) throw e;
      await this.call('browser_snapshot', {});
      await this.call('browser_click', { element: label(name), target: await this.target(roles, name) });
    }
  }

  async type(roles: string, name: string, text: string): Promise<void> {
    const target = await this.target(roles, name);
    await this.call('browser_type', { element: name, target, text });
  }

  async press(key: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i++) await this.call('browser_press_key', { key });
  }

  /** Opens a list by its control, then picks each option in turn (`click` snapshots for one not read yet). */
  async choose(roles: string, name: string, options: readonly string[], optionRoles = OPTION): Promise<void> {
    await this.click(roles, name);
    for (const o of options) await this.click(optionRoles, o);
  }

  /**
   * Types into a searchable control, then picks the option the search lists; `delayed` where the
   * library lists it after a delay (jQuery UI's autocomplete: 300 ms), so the policy waits for it.
   */
  async search(roles: string, name: string, text: string, option: string, { delayed = false, optionRoles = OPTION } = {}): Promise<void> {
    await this.type(roles, name, text);
    if (delayed) await this.appear(optionRoles, option);
    await this.click(optionRoles, option);
  }

  /** Drags one item onto another, both found by name. */
  async drag(roles: string, from: string, to: string): Promise<void> {
    const startTarget = await this.target(roles, from);
    const endTarget = await this.target(roles, to);
    await this.call('browser_drag', { startElement: from, startTarget, endElement: to, endTarget });
  }
}

type Names = string | readonly string[];
const rolesOf = (roles: string) => new RegExp(`^(?:${roles})$`);
const namesOf = (name: Names) => new RegExp(`^(?:${(typeof name === 'string' ? [name] : name).map(esc).join('|')})$`);
const label = (name: Names) => (typeof name === 'string' ? name : name[0]!);

/** A task that starts by opening its page; `steps` is the rest of its policy. */
const task = (name: string, kind: string, path: string, steps: (a: WidgetAgent, site: TaskSite) => Promise<void>, done: (state: any) => boolean): WidgetTask => ({
  name,
  kind,
  path,
  async run(a, site) {
    await a.open(site.origin, path);
    await steps(a, site);
  },
  done,
});

const native = (name: string, fields: ReadonlyArray<[string, string, string, string]>): WidgetTask =>
  task(
    name,
    'native input types',
    SUITE.native,
    async (a) => {
      for (const [roles, label, value] of fields) await a.type(roles, label, value);
    },
    (s) => fields.every(([, , value, key]) => s[key] === value),
  );

/** A jQuery UI widget that one click on a named control sets. */
const oneClick = (name: string, kind: string, path: string, roles: string, control: string, done: (state: any) => boolean): WidgetTask =>
  task(name, kind, path, (a) => a.click(roles, control), done);

/** A date picker: open it from its field, pick the 14th of the month it shows (March 2026). */
const datePicker = (name: string, path: string, field: string, done: (state: any) => boolean): WidgetTask =>
  task(
    name,
    'date and time pickers',
    path,
    async (a) => {
      await a.click(TEXT, field);
      await a.click(DAY, ['March 14, 2026', '2026-03-14', '14']);
    },
    done,
  );

const sameSet = (got: unknown, want: readonly string[]) => Array.isArray(got) && JSON.stringify([...got].sort()) === JSON.stringify([...want].sort());

export const WIDGET_TASKS: WidgetTask[] = [
  native('native: text, email, password, search, tel, url', [
    [TEXT, 'Full name', 'Ada Lovelace', 'text'],
    [TEXT, 'Email', 'ada@example.org', 'email'],
    [TEXT, 'Password', 'n0t-a-secret', 'password'],
    [TEXT, 'Search', 'engines', 'search'],
    [TEXT, 'Phone', '+44 20 7946 0000', 'tel'],
    [TEXT, 'Website', 'https://example.org/', 'url'],
  ]),
  native('native: number', [['spinbutton', 'Quantity', '42', 'number']]),
  native('native: date', [[ANY, 'Birthday', '1815-12-10', 'date']]),
  native('native: time and datetime-local', [
    [ANY, 'Alarm', '07:30', 'time'],
    [ANY, 'Meeting', '2026-03-14T09:15', 'datetime-local'],
  ]),
  native('native: month and week', [
    [ANY, 'Billing month', '2026-04', 'month'],
    [ANY, 'Sprint week', '2026-W15', 'week'],
  ]),
  native('native: colour', [[ANY, 'Favourite colour', '#3366ff', 'color']]),
  native('native: range', [[ANY, 'Volume', '80', 'range']]),
  task(
    'native: checkbox, radio, select, textarea',
    'native input types',
    SUITE.native,
    async (a) => {
      await a.click('checkbox', 'I agree');
      await a.click('radio', 'Large');
      const fruit = await a.target('combobox|listbox', 'Fruit');
      await a.call('browser_select_option', { element: 'Fruit', target: fruit, values: ['Cherry'] });
      await a.type('textbox', 'Notes', 'Leave at the door');
    },
    (s) => s.agree === true && s.size === 'L' && s.fruit === 'Cherry' && s.notes === 'Leave at the door',
  ),
  task(
    'native: file input',
    'native input types',
    SUITE.upload,
    async (a, site) => {
      // As a person would: click the field, then give the chooser the file. Playwright MCP holds the
      // chooser the click opened as a modal state; an answer that refuses the click and names
      // browser_file_upload is read as the same instruction.
      try {
        await a.click(ANY, 'Cover letter');
      } catch (e) {
        if (!(e instanceof TaskFailed) || !e.message.includes('browser_file_upload')) throw e;
      }
      await a.call('browser_file_upload', { paths: [site.upload] });
    },
    (s) => s.file?.name === UPLOAD.name && s.file.text === UPLOAD.text,
  ),
  datePicker('jQuery UI datepicker: pick the 14th', SUITE.datepicker, 'Arrival date', (s) => s.date === '2026-3-14'),
  datePicker('flatpickr: pick the 14th', SUITE.flatpickr, 'Delivery date', (s) => sameSet(s.dates, ['2026-03-14'])),
  datePicker('antd DatePicker (React): pick the 14th', SUITE.antd, 'Start date', (s) => s.start === '2026-03-14'),
  task(
    'jQuery UI slider: five steps right',
    'sliders',
    SUITE.slider,
    async (a) => {
      await a.click(ANY, 'Brightness');
      await a.press('ArrowRight', 5);
    },
    (s) => s.value === 15,
  ),
  // Neither outline names the box by its label "Speed" (see the report); it shows its value.
  task('jQuery UI selectmenu: single select', 'custom selects: single', SUITE.selectmenu, (a) => a.choose('combobox|clickable|generic', 'Medium', ['Fast'], 'option|menuitem|listitem'), (s) => s.speed === 'Fast' && s.shown === 'Fast'),
  task('antd Select (React): single select', 'custom selects: single (React library)', SUITE.antd, (a) => a.choose(ANY, 'Plan', ['Team']), (s) => s.plan === 'team'),
  task('Element Plus select (Vue): single select', 'custom selects: single (Vue library)', SUITE.elementPlus, (a) => a.choose(ANY, 'Size', ['Medium']), (s) => s.size === 'Medium'),
  task('jQuery UI autocomplete: searchable select', 'custom selects: searchable', SUITE.autocomplete, (a) => a.search(TEXT + '|combobox', 'Language', 'Ja', 'JavaScript', { delayed: true }), (s) => s.chosen === 'JavaScript'),
  task(
    'Tom Select: search and pick two',
    'custom selects: searchable and multiple',
    SUITE.tomSelect,
    async (a) => {
      await a.search('combobox|' + TEXT, 'Toppings', 'mush', 'Mushrooms');
      await a.search('combobox|' + TEXT, 'Toppings', 'oli', 'Olives');
    },
    (s) => sameSet(s.picked, ['mushrooms', 'olives']),
  ),
  task(
    'jQuery UI menu: submenu item',
    'menus',
    SUITE.menu,
    async (a) => {
      const music = await a.target('menuitem', 'Music');
      await a.call('browser_hover', { element: 'Music', target: music });
      await a.appear('menuitem', 'Jazz');
      await a.click('menuitem', 'Jazz');
    },
    (s) => s.chosen === 'Jazz',
  ),
  task(
    'jQuery UI dialog: modal confirm',
    'modals',
    SUITE.dialog,
    async (a) => {
      await a.click('button', 'Delete account');
      await a.click('button', 'Confirm');
    },
    (s) => s.answer === 'confirmed' && s.open === false,
  ),
  task(
    'Element Plus dialog (Vue): accept',
    'modals (Vue library)',
    SUITE.elementPlus,
    async (a) => {
      await a.click('button', 'Show terms');
      await a.appear('button', 'Accept');
      await a.click('button', 'Accept');
    },
    (s) => s.terms === 'accepted' && s.open === false,
  ),
  oneClick('jQuery UI tabs: open the second tab', 'tabs', SUITE.tabs, 'tab|link', 'Reviews', (s) => s.active === 1),
  oneClick('jQuery UI accordion: open the second panel', 'accordions', SUITE.accordion, 'tab|button|heading', 'Warranty', (s) => s.active === 1),
  task('jQuery UI sortable: move the last item up', 'sortable lists', SUITE.sortable, (a) => a.drag(ITEM, 'Delta', 'Alpha'), (s) => Array.isArray(s.order) && s.order.indexOf('delta') < s.order.indexOf('bravo')),
  task('kanban board: move a card to Done', 'kanban board', SUITE.kanban, (a) => a.drag(ITEM, 'Write spec', 'Ship it'), (s) => Array.isArray(s.done) && s.done.includes('c-write') && !s.todo.includes('c-write')),
  task('React: multiple select', 'custom selects: multiple (React)', SUITE.reactMulti, (a) => a.choose('button|combobox', 'Colours', ['Red', 'Blue'], 'option'), (s) => JSON.stringify(s.picked) === '["Blue","Red"]'),
  task('Vue: searchable select', 'custom selects: searchable (Vue)', SUITE.vueSearch, (a) => a.search('combobox|textbox', 'City', 'Ber', 'Bern', { optionRoles: 'option' }), (s) => s.chosen === 'Bern'),
  task(
    'Preact: two switches',
    'components (Preact)',
    SUITE.preactSwitch,
    async (a) => {
      await a.click('switch|button', 'Wi-Fi');
      await a.click('switch|button', 'Bluetooth');
    },
    (s) => s.wifi === true && s.bluetooth === false,
  ),
  task('Quill: type a sentence', 'rich-text editors', SUITE.quill, (a) => a.type('textbox', 'Message body', 'Hello from the suite'), (s) => s.text === 'Hello from the suite'),
  task(
    'Quill: make text bold',
    'rich-text editors',
    SUITE.quill,
    async (a) => {
      await a.type('textbox', 'Message body', 'Big news');
      await a.press('Control+a');
      await a.click('button', 'bold');
    },
    (s) => s.text === 'Big news' && s.bold === 'Big news',
  ),
  task('CodeMirror 5: type code', 'code editors', SUITE.codemirror, (a) => a.type('textbox', 'Source code', 'const x = 1;'), (s) => s.value === 'const x = 1;'),
  task(
    'shadow DOM: click a button three times',
    'web components with shadow DOM',
    SUITE.shadow,
    async (a) => {
      for (let i = 0; i < 3; i++) await a.click('button', 'Add one Tickets');
    },
    (s) => s.count === 3,
  ),
  task('shadow DOM: fill a field', 'web components with shadow DOM', SUITE.shadow, (a) => a.type('textbox', 'Guest name', 'Grace Hopper'), (s) => s.name === 'Grace Hopper'),
  task(
    'virtualized list: scroll to a row and pick it',
    'virtualized list',
    SUITE.virtual,
    async (a) => {
      // Focus the list by its first row, then page down until the wanted row has been read.
      await a.click(ITEM, 'Invoice 1');
      for (let i = 0; i < 12 && !a.seen(ITEM, 'Invoice 40'); i++) {
        await a.press('PageDown');
        if (!a.seen(ITEM, 'Invoice 40')) await a.call('browser_snapshot', {});
      }
      await a.click(ITEM, 'Invoice 40');
    },
    (s) => s.picked === 40,
  ),
];
