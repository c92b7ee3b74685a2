import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FIXTURE, TASKS_FIXTURE, startFixtureServer, type FixtureServer } from '@browser-provider/conformance';
import { EDITORS, startEditorSite, type EditorSite } from '@browser-provider/conformance/editors';
import { FLOW_GLOBAL, flowToJsonl, parseFlow, type FlowStep } from '@browser-provider/page-script/flow';
import { describeEngine } from '@browser-provider/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BROWSERS, type BrowserName } from '../browsers';
import { recordPage } from './commands';
import { openDriver, type Driver } from './driver';
import { exportFlow } from './export';
import { replayFlow } from './replay';

/**
 * Record a flow on Firefox with synthetic input standing in for the person (the provider's own click,
 * type, press and select, which the page sees as a person's input), then replay the recorded script
 * on every engine. The recording loop is the CLI's own (`recordPage`), polling while the actions run.
 */

interface Actor {
  click(selector: string): Promise<void>;
  type(selector: string, text: string): Promise<void>;
  press(key: string, selector?: string): Promise<void>;
  select(selector: string, value: string): Promise<void>;
  drag(text: string, toText: string): Promise<void>;
  /** Waits until the page shows `text` (a widget that opens with an animation). */
  see(text: string): Promise<void>;
  /** After an action that navigates: waits for `path` and for the recorder in the new document. */
  arrived(path: string): Promise<void>;
}

interface Flow {
  name: string;
  path: string;
  /** The editor pages live on their own loopback site. */
  site?: 'editors';
  act(a: Actor): Promise<void>;
  /** The recorded methods, in order. */
  methods: string[];
  /** Text the page shows once the flow has run. */
  done: string;
  /** Text the page no longer shows once the flow has run. */
  gone?: string;
  /** The library's own state once the flow has run: an expression read with page.eval, and its value. */
  state?: { expression: string; value: unknown };
}

const { home, form } = FIXTURE;
/** The fixture server's jQuery UI pages (conformance's widget-kinds.ts, which its package does not export): the strings read here. */
const KINDS = {
  slider: { path: '/kinds/slider.html', start: 10 },
  dialog: { path: '/kinds/dialog.html', title: 'Dialog widget', body: 'We use no cookies at all' },
  menu: { path: '/kinds/menu.html', child: 'Jazz', chosenPrefix: 'Chosen: ' },
  accordion: { path: '/kinds/accordion.html', panel: 'Parcels leave within two days' },
  tabs: { path: '/kinds/tabs.html', panel: 'Five stars from everyone' },
  datepicker: { path: '/kinds/datepicker.html', label: 'Arrival date', day: '15', picked: '01/15/2026' },
} as const;
const EDITOR_TEXT = { expression: 'window.editorText()', ready: 'Editor ready', typed: ' typed' } as const;
const t = TASKS_FIXTURE;

const FLOWS: Flow[] = [
  {
    name: 'home: press a button, follow a link, type a name, Tab away',
    path: home.path,
    act: async (a) => {
      await a.click('#press');
      await a.click('a');
      await a.arrived(form.path);
      await a.type('#name', 'Ada');
      await a.press('Tab');
    },
    methods: ['page.open', 'page.click', 'page.click', 'page.type', 'page.press'],
    done: `${form.echoPrefix}Ada`,
  },
  {
    name: 'login: username, password, sign in (navigates)',
    path: t.login.path,
    act: async (a) => {
      await a.type('input[name=user]', t.login.user);
      await a.type('input[name=password]', t.login.password);
      await a.click('button');
      await a.arrived(t.account.path);
    },
    methods: ['page.open', 'page.type', 'page.type', 'page.click'],
    done: t.login.welcome,
  },
  {
    name: 'search: type a query, Enter, open the third result',
    path: t.search.path,
    act: async (a) => {
      await a.type('input[name=q]', t.search.query);
      await a.press('Enter');
      await a.click('#results li:nth-child(3) a');
      await a.arrived(t.item.path);
    },
    methods: ['page.open', 'page.type', 'page.press', 'page.click'],
    done: `Price: $`,
  },
  {
    name: 'order: name, Tab to the country select, choose, gift wrap, place order',
    path: t.order.path,
    act: async (a) => {
      await a.type('input[name=name]', 'Grace');
      await a.press('Tab');
      await a.select('select', 'jp');
      await a.click('input[name=gift]');
      await a.click('button');
    },
    methods: ['page.open', 'page.type', 'page.press', 'page.select', 'page.click', 'page.click'],
    done: t.order.placed,
  },
  {
    name: 'signup: three pages, a radio, an email, confirm',
    path: t.signup.path,
    act: async (a) => {
      await a.click('input[value=Pro]');
      await a.click('button');
      await a.arrived('/tasks/signup-2.html');
      await a.type('input[name=email]', t.signup.email);
      await a.click('button');
      await a.arrived('/tasks/signup-3.html');
      await a.click('#ok');
    },
    methods: ['page.open', 'page.click', 'page.click', 'page.type', 'page.click', 'page.click'],
    done: t.signup.done,
  },
  {
    name: 'backlog: drag a task onto another in a jQuery UI sortable list',
    path: t.sortable.path,
    act: async (a) => {
      await a.drag(t.sortable.move, t.sortable.onto);
    },
    methods: ['page.open', 'page.drag'],
    done: t.sortable.saved,
  },
  // The widget suite: jQuery UI 1.14 widgets, driven as a person would and read back from what the
  // library itself writes into the page (the input's value, its log line, the panel it shows).
  {
    name: 'jQuery UI menu: open a submenu, choose an item',
    path: KINDS.menu.path,
    act: async (a) => {
      await a.click('#menu > li:nth-child(2) > div');
      await a.see(`menuitem "${KINDS.menu.child}"`);
      await a.click('#menu > li:nth-child(2) li:nth-child(2) > div');
    },
    methods: ['page.open', 'page.click', 'page.click'],
    done: `${KINDS.menu.chosenPrefix}${KINDS.menu.child}`,
  },
  {
    name: 'jQuery UI accordion: open the second section',
    path: KINDS.accordion.path,
    act: async (a) => {
      await a.click('#acc h3:nth-of-type(2)');
    },
    methods: ['page.open', 'page.click'],
    done: KINDS.accordion.panel,
  },
  {
    name: 'jQuery UI tabs: show the second tab',
    path: KINDS.tabs.path,
    act: async (a) => {
      await a.click('#tabs li:nth-child(2) a');
    },
    methods: ['page.open', 'page.click'],
    done: KINDS.tabs.panel,
  },
  {
    name: 'jQuery UI slider: focus the handle, step it with the arrow keys',
    path: KINDS.slider.path,
    act: async (a) => {
      await a.press('ArrowRight', '#slider .ui-slider-handle');
      await a.press('ArrowRight', '#slider .ui-slider-handle');
    },
    methods: ['page.open', 'page.press', 'page.press'],
    done: `Value: ${KINDS.slider.start + 2}`,
  },
  {
    name: 'jQuery UI dialog: close it with its title bar button',
    path: KINDS.dialog.path,
    act: async (a) => {
      await a.click('.ui-dialog-titlebar-close');
    },
    methods: ['page.open', 'page.click'],
    done: KINDS.dialog.title,
    gone: KINDS.dialog.body,
  },
  {
    name: 'jQuery UI datepicker: open the calendar, pick a day',
    path: KINDS.datepicker.path,
    act: async (a) => {
      await a.click('#date');
      await a.see(`link "${KINDS.datepicker.day}"`);
      await a.click(`#ui-datepicker-div td:not(.ui-datepicker-other-month) a[data-date="${KINDS.datepicker.day}"]`);
    },
    methods: ['page.open', 'page.click', 'page.click'],
    done: `textbox "${KINDS.datepicker.label}" value="${KINDS.datepicker.picked}"`,
    state: { expression: `(() => { const d = $('#date').datepicker('getDate'); return d.getMonth() + 1 + '/' + d.getDate(); })()`, value: `1/${KINDS.datepicker.day}` },
  },
  // Code editors (the widget suite's pinned builds), judged by the text the editor itself holds.
  // CodeMirror 5 takes keys through a hidden textarea whose value is not its text: the recorder keeps
  // what was inserted there, and the caret move the provider's own typing makes (Control+End) as a
  // press where the focus is. CodeMirror 6 is a contenteditable, recorded by its text.
  {
    name: 'CodeMirror 5: type at the end of the code (a hidden textarea)',
    site: 'editors',
    path: EDITORS.codemirror5.path,
    act: async (a) => {
      await a.see(EDITOR_TEXT.ready);
      await a.type('#cm textarea', EDITOR_TEXT.typed);
    },
    methods: ['page.open', 'page.press', 'page.type'],
    done: EDITOR_TEXT.ready,
    state: { expression: EDITOR_TEXT.expression, value: `${EDITORS.codemirror5.initial}${EDITOR_TEXT.typed}` },
  },
  {
    name: 'CodeMirror 6: type at the end of the code (a contenteditable)',
    site: 'editors',
    path: EDITORS.codemirror6.path,
    act: async (a) => {
      await a.see(EDITOR_TEXT.ready);
      await a.type('.cm-content', EDITOR_TEXT.typed);
    },
    methods: ['page.open', 'page.type'],
    done: EDITOR_TEXT.ready,
    state: { expression: EDITOR_TEXT.expression, value: `${EDITORS.codemirror6.initial}${EDITOR_TEXT.typed}` },
  },
];

const KEY = JSON.stringify(FLOW_GLOBAL);
const until = async (what: string, check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Records `act` on `url` through the CLI's recording loop. */
async function record(driver: Driver, url: string, act: (a: Actor) => Promise<void>): Promise<FlowStep[]> {
  const pageId = String((await driver.call('page.open', { url })).page_id);
  const evaluate = async (expression: string) => (await driver.call('page.eval', { page_id: pageId, expression })).value;
  let stop!: () => void;
  const recorded = recordPage(driver, pageId, new Promise<void>((r) => (stop = r)));
  const installed = () => until('the recorder', async () => (await evaluate(`typeof globalThis[Symbol.for(${KEY})]`).catch(() => '')) === 'object');
  await installed();
  const a: Actor = {
    click: async (selector) => void (await driver.call('page.click', { page_id: pageId, selector })),
    type: async (selector, text) => void (await driver.call('page.type', { page_id: pageId, selector, text })),
    press: async (key, selector) => void (await driver.call('page.press', { page_id: pageId, key, ...(selector ? { selector } : {}) })),
    select: async (selector, value) => void (await driver.call('page.select', { page_id: pageId, selector, value })),
    drag: async (text, toText) => void (await driver.call('page.drag', { page_id: pageId, text_query: text, to_text_query: toText })),
    see: async (text) => {
      let last = '';
      await until(text, async () => (last = String((await driver.call('page.snapshot', { page_id: pageId, collapse: false })).text)).includes(text)).catch((e: unknown) => {
        throw new Error(`${String(e)}; the page shows:\n${last}`);
      });
    },
    arrived: async (path) => {
      const url = async () => ((await driver.call('tab.list')).tabs as Array<{ page_id: string; url: string }>).find((x) => x.page_id === pageId)?.url ?? '';
      await until(path, async () => (await url()).includes(path));
      await installed();
    },
  };
  await act(a);
  // Every event drained by the loop before it stops.
  await until('the last events', async () => (await evaluate(`globalThis[Symbol.for(${KEY})].pending()`)) === 0);
  stop();
  const steps = await recorded;
  await closeTab(driver, pageId);
  return steps;
}

/**
 * Closes the page's tab, so that the next flow starts in a fresh one, as a person's new recording
 * would. A reused tab can start without focus: a flow that ended by pressing Tab past the page's last
 * control left the focus in Firefox's own toolbar, and a later click then focuses its field with no
 * focus event, so a widget that opens on focus (the datepicker) never opened.
 */
async function closeTab(driver: Driver, pageId: string): Promise<void> {
  const tabs = (await driver.call('tab.list')).tabs as Array<{ tab_id: string; page_id: string }>;
  const tab = tabs.find((x) => x.page_id === pageId);
  if (tab) await driver.call('tab.close', { tab_id: tab.tab_id });
}

/**
 * Replays `steps` and checks the whole run: every step passed, then the page shows `done` (and no
 * longer `gone`), as the library itself wrote it. Closes the flow's tab either way.
 */
async function replayChecked(driver: Driver, steps: readonly FlowStep[], check: Pick<Flow, 'done' | 'gone' | 'state'>): Promise<void> {
  const r = await replayFlow(driver.call, steps);
  try {
    expect(r.failure, JSON.stringify(r.failure)).toBeUndefined();
    expect(r.steps.filter((s) => s.status === 'pass')).toHaveLength(steps.length);
    let last = '';
    await until(check.done, async () => {
      last = String((await driver.call('page.snapshot', { page_id: r.page_id })).text);
      return last.includes(check.done) && (check.gone === undefined || !last.includes(check.gone));
    }).catch((e: unknown) => {
      throw new Error(`${String(e)}; the page shows:\n${last}`);
    });
    const state = check.state;
    if (state === undefined) return;
    // The library may apply the last step after its answer (an editor reads its input on the next task).
    let value: unknown;
    const read = async () => (value = (await driver.call('page.eval', { page_id: r.page_id, expression: state.expression })).value);
    await until(state.expression, async () => JSON.stringify(await read()) === JSON.stringify(state.value)).catch(() => undefined);
    expect(value).toEqual(state.value);
  } finally {
    if (r.page_id !== undefined) await closeTab(driver, r.page_id);
  }
}

let site: FixtureServer;
let editorSite: EditorSite;
const urlOf = (f: Flow) => `${(f.site === 'editors' ? editorSite : site).origin}${f.path}`;
let firefox: Driver | undefined;
let flows: Promise<FlowStep[][]> | undefined;
/** Every flow recorded once, on Firefox, shared by every engine's replay. */
const recordedFlows = () =>
  (flows ??= (async () => {
    firefox ??= await openDriver('firefox', { allowEval: true });
    const out: FlowStep[][] = [];
    for (const f of FLOWS) out.push(await record(firefox, urlOf(f), f.act));
    return out;
  })());

beforeAll(async () => {
  [site, editorSite] = await Promise.all([startFixtureServer(), startEditorSite()]);
});
afterAll(async () => {
  await firefox?.close();
  await Promise.all([site?.close(), editorSite?.close()]);
});

describeEngine('firefox')('recording a flow on firefox', () => {
  it('records each flow as protocol steps with stable targets, never refs', async () => {
    const all = await recordedFlows();
    for (const [i, f] of FLOWS.entries()) {
      const steps = all[i]!;
      expect(steps.map((s) => s.method), f.name).toEqual(f.methods);
      expect(flowToJsonl(steps)).not.toMatch(/element_ref|"e\d+"/);
      // Each line is a valid call as it stands, and reads back the same.
      expect(parseFlow(flowToJsonl(steps))).toEqual(steps);
      for (const s of steps.filter((x) => x.method !== 'page.open' && x.target)) expect(s.params.selector, f.name).toBe(s.target!.css);
    }
    const [homeFlow, login, , order] = all;
    expect(homeFlow![1]!.target).toMatchObject({ role: 'button', name: home.button });
    expect(homeFlow![2]!.target).toMatchObject({ role: 'link', name: home.link });
    expect(homeFlow![3]).toMatchObject({ params: { text: 'Ada', replace: true }, target: { role: 'textbox', name: form.inputLabel, label: form.inputLabel } });
    expect(login![2]).toMatchObject({ secret: true, params: { text: t.login.password } });
    expect(order![3]).toMatchObject({ params: { values: ['jp'] }, target: { role: 'combobox', name: 'Country' } });
    expect(order![4]!.target).toMatchObject({ role: 'checkbox', name: 'Gift wrap' });
    // The drop is named by the item that was under the pointer when the drag began.
    expect(all[5]![1]).toMatchObject({ target: { role: 'button', name: `Move ${t.sortable.move}` }, to: { text: `≡ ${t.sortable.onto}` } });
    // The datepicker: its field, then the day by its link's name in the calendar the library drew.
    const datepicker = all[FLOWS.findIndex((f) => f.path === KINDS.datepicker.path)]!;
    expect(datepicker.map((s) => s.target)).toMatchObject([undefined, { role: 'textbox', name: KINDS.datepicker.label }, { role: 'link', name: KINDS.datepicker.day }]);
  });

  it('exports the flow as a Playwright test and a WebdriverIO script by role and name', async () => {
    const [homeFlow, login] = await recordedFlows();
    const pw = exportFlow(homeFlow!, 'playwright');
    expect(pw).toContain(`await page.getByRole("button", { name: ${JSON.stringify(home.button)}, exact: true }).click();`);
    expect(pw).toContain(`.fill("Ada");`);
    const wdio = exportFlow(login!, 'webdriverio');
    expect(wdio).toContain(`await $("aria/Username").setValue(${JSON.stringify(t.login.user)});`);
    expect(wdio).toContain('setValue(process.env.FLOW_SECRET');
    expect(wdio).not.toContain(t.login.password);
  });

  it('stops at the step whose target is gone when the page changed under the flow, naming it', async () => {
    let version = 1;
    const server = createServer((_req, res) => {
      const button = version === 1 ? '<button id="save" type="button">Save draft</button>' : '<button id="publish" type="button">Publish</button>';
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(`<!doctype html><title>Editor</title><label>Title <input id="title"></label> ${button}`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      firefox ??= await openDriver('firefox', { allowEval: true });
      const steps = await record(firefox, url, async (a) => {
        await a.type('#title', 'Hello');
        await a.click('#save');
      });
      expect(steps.map((s) => s.method)).toEqual(['page.open', 'page.type', 'page.click']);
      await replayChecked(firefox, steps, { done: 'button "Save draft"' });
      version = 2;
      const r = await replayFlow(firefox.call, steps, { targetTimeoutMs: 1_000 });
      if (r.page_id !== undefined) await closeTab(firefox, r.page_id);
      expect(r.ok).toBe(false);
      expect(r.steps.map((s) => s.status)).toEqual(['pass', 'pass', 'fail']);
      expect(r.failure).toMatchObject({ step: 3, method: 'page.click', target: { role: 'button', name: 'Save draft' } });
      expect(r.failure!.message).toContain('button "Save draft"');
      expect(r.failure!.snapshot_excerpt).toContain('Publish');
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

for (const browser of BROWSERS) {
  describeEngine('firefox', browser)(`replaying flows recorded on firefox, on ${browser}`, () => {
    let driver: Driver;
    beforeAll(async () => {
      await recordedFlows();
      // Replay needs no page.eval; the end-state check reads the library's own state with it.
      driver = browser === 'firefox' ? firefox! : await openDriver(browser as BrowserName, { allowEval: true });
    });
    afterAll(async () => {
      if (browser !== 'firefox') await driver?.close();
    });

    for (const [i, f] of FLOWS.entries()) {
      it(`replays every step: ${f.name}`, async () => {
        await replayChecked(driver, (await recordedFlows())[i]!, f);
      });
    }
  });
}
