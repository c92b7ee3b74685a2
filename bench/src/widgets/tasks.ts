import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SUITE } from '@browser-provider/conformance/widget-suite';
import { Agent, TaskFailed } from '../mcp-agent';

/**
 * The widget suite's tasks (issue 30): one scripted policy per task, which acts only on what the MCP
 * answers said (refs and names read from their text), the same script for every server. Whether a
 * task was done is not the policy's say: `done` reads the state the page reported from its library's
 * API through the suite site's test-only channel (conformance/src/fixtures/widget-suite.ts).
 */

export interface WidgetTask {
  name: string;
  /** What issue 30's list calls it: the report groups nothing by it, a reader checks coverage. */
  kind: string;
  path: string;
  run(a: WidgetAgent, origin: string): Promise<void>;
  /** Whether the page's reported state shows the task done. */
  done(state: any): boolean;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An outline line's role (its first word), its ref, and its name: quoted, or Playwright's `: text` after the ref. */
const ROLE = /^[\s+~-]*([a-z][\w-]*)/;
const REF = /\[(?:ref=)?(f?[0-9]*e[0-9]+)\]/;
const QUOTED = /^[\s+~-]*[a-z][\w-]* "((?:[^"\\]|\\.)*)"/;
const AFTER = /\]:\s+(.*)$/;

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

  /** The ref of the element whose role is one of `roles` and whose name is `name`. */
  async target(roles: string, name: string): Promise<string> {
    const r = new RegExp(`^(?:${roles})$`);
    const n = new RegExp(`^${esc(name)}$`);
    let hit = this.#find(r, n);
    if (hit === undefined) {
      await this.call('browser_snapshot', {});
      hit = this.#find(r, n);
    }
    if (hit === undefined) throw new TaskFailed(`no ${roles} "${name}" on the page`);
    return hit;
  }

  /** Whether a target was read, without asking for a snapshot. */
  seen(roles: string, name: string): boolean {
    return this.#find(new RegExp(`^(?:${roles})$`), new RegExp(`^${esc(name)}$`)) !== undefined;
  }

  /** Waits for `text` to show when the target was not read yet (a menu that opens after a delay). */
  async appear(roles: string, name: string): Promise<void> {
    if (!this.seen(roles, name)) await this.call('browser_wait_for', { text: name });
  }

  async open(origin: string, path: string): Promise<void> {
    await this.call('browser_navigate', { url: origin + path }, { navigates: true });
  }

  async click(roles: string, name: string): Promise<void> {
    const target = await this.target(roles, name);
    await this.call('browser_click', { element: name, target });
  }

  async type(roles: string, name: string, text: string): Promise<void> {
    const target = await this.target(roles, name);
    await this.call('browser_type', { element: name, target, text });
  }
}

const TEXT = 'textbox|searchbox';
/** A control whose role the two outlines print differently: any role. */
const ANY = '[a-z][\\w-]*';

const native = (name: string, fields: ReadonlyArray<[string, string, string, string]>): WidgetTask => ({
  name,
  kind: 'native input types',
  path: SUITE.native,
  async run(a, origin) {
    await a.open(origin, SUITE.native);
    for (const [roles, label, value] of fields) await a.type(roles, label, value);
  },
  done: (s) => fields.every(([, , value, key]) => s[key] === value),
});

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
  {
    name: 'native: checkbox, radio, select, textarea',
    kind: 'native input types',
    path: SUITE.native,
    async run(a, origin) {
      await a.open(origin, SUITE.native);
      await a.click('checkbox', 'I agree');
      await a.click('radio', 'Large');
      const fruit = await a.target('combobox|listbox', 'Fruit');
      await a.call('browser_select_option', { element: 'Fruit', target: fruit, values: ['Cherry'] });
      await a.type('textbox', 'Notes', 'Leave at the door');
    },
    done: (s) => s.agree === true && s.size === 'L' && s.fruit === 'Cherry' && s.notes === 'Leave at the door',
  },
  {
    name: 'jQuery UI datepicker: pick the 14th',
    kind: 'date and time pickers',
    path: SUITE.datepicker,
    async run(a, origin) {
      await a.open(origin, SUITE.datepicker);
      await a.click(TEXT, 'Arrival date');
      await a.click('link|button|cell|gridcell', '14');
    },
    done: (s) => s.date === '2026-3-14',
  },
  {
    name: 'jQuery UI slider: five steps right',
    kind: 'sliders',
    path: SUITE.slider,
    async run(a, origin) {
      await a.open(origin, SUITE.slider);
      await a.click(ANY, 'Brightness');
      for (let i = 0; i < 5; i++) await a.call('browser_press_key', { key: 'ArrowRight' });
    },
    done: (s) => s.value === 15,
  },
  {
    name: 'jQuery UI selectmenu: single select',
    kind: 'custom selects: single',
    path: SUITE.selectmenu,
    async run(a, origin) {
      await a.open(origin, SUITE.selectmenu);
      // Neither outline names the box by its label "Speed" (see the report); it shows its value.
      await a.click('combobox|clickable|generic', 'Medium');
      await a.click('option|menuitem|listitem', 'Fast');
    },
    done: (s) => s.speed === 'Fast' && s.shown === 'Fast',
  },
  {
    name: 'jQuery UI autocomplete: searchable select',
    kind: 'custom selects: searchable',
    path: SUITE.autocomplete,
    async run(a, origin) {
      await a.open(origin, SUITE.autocomplete);
      await a.type(TEXT + '|combobox', 'Language', 'Ja');
      await a.appear('option|menuitem|listitem|generic|clickable', 'JavaScript');
      await a.click('option|menuitem|listitem|generic|clickable', 'JavaScript');
    },
    done: (s) => s.chosen === 'JavaScript',
  },
  {
    name: 'jQuery UI menu: submenu item',
    kind: 'menus',
    path: SUITE.menu,
    async run(a, origin) {
      await a.open(origin, SUITE.menu);
      const music = await a.target('menuitem', 'Music');
      await a.call('browser_hover', { element: 'Music', target: music });
      await a.appear('menuitem', 'Jazz');
      await a.click('menuitem', 'Jazz');
    },
    done: (s) => s.chosen === 'Jazz',
  },
  {
    name: 'jQuery UI dialog: modal confirm',
    kind: 'modals',
    path: SUITE.dialog,
    async run(a, origin) {
      await a.open(origin, SUITE.dialog);
      await a.click('button', 'Delete account');
      await a.click('button', 'Confirm');
    },
    done: (s) => s.answer === 'confirmed' && s.open === false,
  },
  {
    name: 'jQuery UI tabs: open the second tab',
    kind: 'tabs',
    path: SUITE.tabs,
    async run(a, origin) {
      await a.open(origin, SUITE.tabs);
      await a.click('tab|link', 'Reviews');
    },
    done: (s) => s.active === 1,
  },
  {
    name: 'jQuery UI accordion: open the second panel',
    kind: 'accordions',
    path: SUITE.accordion,
    async run(a, origin) {
      await a.open(origin, SUITE.accordion);
      await a.click('tab|button|heading', 'Warranty');
    },
    done: (s) => s.active === 1,
  },
  {
    name: 'jQuery UI sortable: move the last item up',
    kind: 'sortable lists',
    path: SUITE.sortable,
    async run(a, origin) {
      await a.open(origin, SUITE.sortable);
      const from = await a.target('listitem|clickable', 'Delta');
      const to = await a.target('listitem|clickable', 'Alpha');
      await a.call('browser_drag', { startElement: 'Delta', startTarget: from, endElement: 'Alpha', endTarget: to });
    },
    done: (s) => Array.isArray(s.order) && s.order.indexOf('delta') < s.order.indexOf('bravo'),
  },
  {
    name: 'kanban board: move a card to Done',
    kind: 'kanban board',
    path: SUITE.kanban,
    async run(a, origin) {
      await a.open(origin, SUITE.kanban);
      const from = await a.target('listitem|clickable', 'Write spec');
      const to = await a.target('listitem|clickable', 'Ship it');
      await a.call('browser_drag', { startElement: 'Write spec', startTarget: from, endElement: 'Ship it', endTarget: to });
    },
    done: (s) => Array.isArray(s.done) && s.done.includes('c-write') && !s.todo.includes('c-write'),
  },
  {
    name: 'React: multiple select',
    kind: 'custom selects: multiple (React)',
    path: SUITE.reactMulti,
    async run(a, origin) {
      await a.open(origin, SUITE.reactMulti);
      await a.click('button|combobox', 'Colours');
      await a.click('option', 'Red');
      await a.click('option', 'Blue');
    },
    done: (s) => JSON.stringify(s.picked) === '["Blue","Red"]',
  },
  {
    name: 'Vue: searchable select',
    kind: 'custom selects: searchable (Vue)',
    path: SUITE.vueSearch,
    async run(a, origin) {
      await a.open(origin, SUITE.vueSearch);
      await a.type('combobox|textbox', 'City', 'Ber');
      await a.click('option', 'Bern');
    },
    done: (s) => s.chosen === 'Bern',
  },
  {
    name: 'Preact: two switches',
    kind: 'components (Preact)',
    path: SUITE.preactSwitch,
    async run(a, origin) {
      await a.open(origin, SUITE.preactSwitch);
      await a.click('switch|button', 'Wi-Fi');
      await a.click('switch|button', 'Bluetooth');
    },
    done: (s) => s.wifi === true && s.bluetooth === false,
  },
  {
    name: 'Quill: type a sentence',
    kind: 'rich-text editors',
    path: SUITE.quill,
    async run(a, origin) {
      await a.open(origin, SUITE.quill);
      await a.type('textbox', 'Message body', 'Hello from the suite');
    },
    done: (s) => s.text === 'Hello from the suite',
  },
  {
    name: 'Quill: make text bold',
    kind: 'rich-text editors',
    path: SUITE.quill,
    async run(a, origin) {
      await a.open(origin, SUITE.quill);
      await a.type('textbox', 'Message body', 'Big news');
      await a.call('browser_press_key', { key: 'Control+a' });
      await a.click('button', 'bold');
    },
    done: (s) => s.text === 'Big news' && s.bold === 'Big news',
  },
  {
    name: 'CodeMirror 5: type code',
    kind: 'code editors',
    path: SUITE.codemirror,
    async run(a, origin) {
      await a.open(origin, SUITE.codemirror);
      await a.type('textbox', 'Source code', 'const x = 1;');
    },
    done: (s) => s.value === 'const x = 1;',
  },
  {
    name: 'shadow DOM: click a button three times',
    kind: 'web components with shadow DOM',
    path: SUITE.shadow,
    async run(a, origin) {
      await a.open(origin, SUITE.shadow);
      for (let i = 0; i < 3; i++) await a.click('button', 'Add one Tickets');
    },
    done: (s) => s.count === 3,
  },
  {
    name: 'shadow DOM: fill a field',
    kind: 'web components with shadow DOM',
    path: SUITE.shadow,
    async run(a, origin) {
      await a.open(origin, SUITE.shadow);
      await a.type('textbox', 'Guest name', 'Grace Hopper');
    },
    done: (s) => s.name === 'Grace Hopper',
  },
  {
    name: 'virtualized list: scroll to a row and pick it',
    kind: 'virtualized list',
    path: SUITE.virtual,
    async run(a, origin) {
      await a.open(origin, SUITE.virtual);
      // Focus the list by its first row, then page down until the wanted row has been read.
      await a.click('listitem|clickable', 'Invoice 1');
      for (let i = 0; i < 12 && !a.seen('listitem|clickable', 'Invoice 40'); i++) {
        await a.call('browser_press_key', { key: 'PageDown' });
        if (!a.seen('listitem|clickable', 'Invoice 40')) await a.call('browser_snapshot', {});
      }
      await a.click('listitem|clickable', 'Invoice 40');
    },
    done: (s) => s.picked === 40,
  },
];
