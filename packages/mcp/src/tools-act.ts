import { z } from 'zod';
import { ClickButton, METHODS, type ClickModifier, type ResultOf } from '@browser-provider/protocol';
import { CallError } from './link';
import { AFTER_ACTION, stepAnswer } from './steps';
import { defineTool, ElementLabel, field, Target, targetParams, type ToolContext, type ToolDef } from './tool';

/** Actions on elements. Each answers what it did, the page line and the diff since the last snapshot (steps.ts). */

const type = METHODS['page.type'].params.shape;
const press = METHODS['page.press'].params.shape;

const named = (a: { element?: string | undefined; target: string }) => a.element ?? a.target;

/**
 * Playwright MCP's `ControlOrMeta` is the platform's shortcut key: Meta on macOS, Control elsewhere.
 * The browsers this server drives run on its own machine (or a Grid node of the same kind).
 */
const CONTROL_OR_META = process.platform === 'darwin' ? 'Meta' : 'Control';

/** browser_click's options as page.click's: a double click is two clicks in one gesture. */
function clickOptions(a: { doubleClick?: boolean | undefined; button?: ClickButton | undefined; modifiers?: string[] | undefined }) {
  const modifiers = [...new Set((a.modifiers ?? []).map((m) => (m === 'ControlOrMeta' ? CONTROL_OR_META : m)))] as ClickModifier[];
  return {
    ...(a.doubleClick === true ? { click_count: 2 } : {}),
    ...(a.button !== undefined && a.button !== 'left' ? { button: a.button } : {}),
    ...(modifiers.length > 0 ? { modifiers } : {}),
  };
}

/** "Double-clicked Save (right button, holding Shift)." */
function clickSummary(a: { doubleClick?: boolean | undefined; button?: ClickButton | undefined; modifiers?: string[] | undefined }, name: string): string {
  const how = [a.button !== undefined && a.button !== 'left' ? `${a.button} button` : '', a.modifiers?.length ? `holding ${a.modifiers.join('+')}` : ''].filter(Boolean);
  return `${a.doubleClick === true ? 'Double-clicked' : 'Clicked'} ${name}${how.length > 0 ? ` (${how.join(', ')})` : ''}.`;
}

async function select(ctx: ToolContext, target: string, values: string[]) {
  const base = targetParams(target);
  // Playwright MCP's values match an option's value or its label; the protocol takes them apart.
  // A value that matches nothing changes nothing (no_option), so asking again by label is safe.
  try {
    return await ctx.link.call<ResultOf<'page.select'>>('page.select', { ...base, values, ...AFTER_ACTION });
  } catch (e) {
    if (e instanceof CallError && e.error.details.code === 'no_option') return ctx.link.call<ResultOf<'page.select'>>('page.select', { ...base, labels: values, ...AFTER_ACTION });
    throw e;
  }
}

const FormField = z.object({
  name: z.string().max(1_000).describe('A human-readable name of the field.'),
  type: z.enum(['textbox', 'checkbox', 'radio', 'combobox', 'slider']).describe('What kind of field it is.'),
  target: Target,
  value: z
    .string()
    .max(1_000_000)
    .describe('Text for a textbox (a date, time, colour or other picker field: in the format its snapshot line gives, e.g. "(date YYYY-MM-DD)"); a number for a slider; "true" or "false" for a checkbox or radio; the option\'s label or value for a combobox.'),
});

/** What a field holds, as an answer quotes it: short, one line. */
function held(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
}

/** "Set Start date to "2025-06-15"." or "Typed into Name: it holds "Ada"." — the value read back from the field. */
function typedSummary(name: string, r: ResultOf<'page.type'>, submit: boolean): string {
  const enter = submit ? ' and pressed Enter' : '';
  if (r.value === undefined) return `Typed into ${name}${enter}.`;
  return r.by === 'value' ? `Set ${name} to ${held(r.value)}${enter}.` : `Typed into ${name}${enter}: it holds ${held(r.value)}.`;
}

export const ACT_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_click',
    title: 'Click',
    description: 'Click an element with trusted input, after checking it is visible, enabled, still and not covered.',
    method: 'page.click',
    input: z.object({
      target: Target,
      element: ElementLabel,
      doubleClick: z.boolean().optional().describe('A double click: two clicks at one point in one gesture (the page gets dblclick).'),
      button: ClickButton.optional().describe('Mouse button (default left). provider.describe lists what each engine takes.'),
      modifiers: z.array(z.enum(['Alt', 'Control', 'ControlOrMeta', 'Meta', 'Shift'])).max(5).optional().describe('Modifier keys held during the click; ControlOrMeta is Meta on macOS, Control elsewhere.'),
    }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'page.click'>>('page.click', { ...targetParams(a.target), ...clickOptions(a), ...AFTER_ACTION });
      return stepAnswer(ctx, ctx.vocab, clickSummary(a, named(a)), r.result, r.warnings);
    },
  }),
  defineTool({
    name: 'browser_type',
    title: 'Type text',
    description: 'Replace an editable element\'s text by typing, key by key with trusted input; a date, time, colour or range field is set to the text in the format its snapshot line gives. Answers the value the field then holds; submit presses Enter after.',
    method: 'page.type',
    input: z.object({
      target: Target,
      element: ElementLabel,
      text: field(type.text, 'The text to type.'),
      submit: field(type.submit, 'Press Enter after typing.'),
      slowly: z.boolean().optional().describe('Type one key at a time (always so here: every key fires its events).'),
    }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'page.type'>>('page.type', { ...targetParams(a.target), text: a.text, replace: true, ...(a.submit ? { submit: true } : {}), ...AFTER_ACTION });
      return stepAnswer(ctx, ctx.vocab, typedSummary(named(a), r.result, a.submit === true), r.result, r.warnings);
    },
  }),
  defineTool({
    name: 'browser_press_key',
    title: 'Press a key',
    description: 'Press a key or chord on the focused element: "Enter", "ArrowLeft", "a", "Control+A".',
    method: 'page.press',
    input: z.object({ key: field(press.key, 'The key (WebDriver / DOM key name) or chord, e.g. "Enter", "Control+A".') }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'page.press'>>('page.press', { key: a.key, ...AFTER_ACTION });
      return stepAnswer(ctx, ctx.vocab, `Pressed ${a.key}.`, r.result, r.warnings);
    },
  }),
  defineTool({
    name: 'browser_select_option',
    title: 'Select option',
    description: 'Choose options of a <select>, each given by its value or its visible label.',
    method: 'page.select',
    input: z.object({ target: Target, element: ElementLabel, values: z.array(z.string().max(10_000)).min(1).max(1_000).describe('Values or labels of the options to select.') }),
    async run(ctx, a) {
      const r = await select(ctx, a.target, a.values);
      return stepAnswer(ctx, ctx.vocab, `Selected ${r.result.selected.map((v) => JSON.stringify(v)).join(', ')} in ${named(a)}.`, r.result, r.warnings);
    },
  }),
  defineTool({
    name: 'browser_hover',
    title: 'Hover',
    description: 'Move the pointer over an element; answers with what changed (menus, tooltips).',
    method: 'page.hover',
    input: z.object({ target: Target, element: ElementLabel }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'page.hover'>>('page.hover', targetParams(a.target));
      return stepAnswer(ctx, ctx.vocab, `Hovered ${named(a)}.`, r.result, r.warnings);
    },
  }),
  defineTool({
    name: 'browser_fill_form',
    title: 'Fill form',
    description: 'Fill several fields in one call: text boxes typed (date, time, colour fields set in their format), sliders set, checkboxes and radios set, comboboxes selected. Answers the value each field holds; stops at the first field that fails.',
    method: 'page.type',
    input: z.object({ fields: z.array(FormField).min(1).max(100).describe('The fields, in order.') }),
    async run(ctx, a) {
      const warnings: string[] = [];
      const checked = a.fields.some((f) => f.type === 'checkbox' || f.type === 'radio') ? await checkedStates(ctx) : new Map<string, boolean>();
      let pageId: string | undefined;
      const holds: string[] = [];
      for (const f of a.fields) {
        const r = await fillOne(ctx, f, checked);
        if (r !== undefined) {
          warnings.push(...r.warnings);
          pageId = r.result.page_id;
          const v = 'value' in r.result && typeof r.result.value === 'string' ? r.result.value : 'selected' in r.result && Array.isArray(r.result.selected) ? r.result.selected.join(', ') : undefined;
          if (v !== undefined) holds.push(`${f.name} = ${held(v)}`);
        }
      }
      const done = `Filled ${a.fields.length} field${a.fields.length === 1 ? '' : 's'}.${holds.length > 0 ? ` ${holds.join('; ')}.` : ''}`;
      return stepAnswer(ctx, ctx.vocab, done, pageId !== undefined ? { page_id: pageId } : {}, warnings);
    },
  }),
  defineTool({
    name: 'browser_file_upload',
    title: 'Upload files',
    description: 'Set the files of a file input (the page\'s only one unless target names it), from paths under the server\'s --upload-root.',
    method: 'upload.set_files',
    input: z.object({
      paths: z.array(z.string().min(1).max(4_096)).min(1).max(100).describe('Absolute paths of the files, under a directory the server allows (--upload-root).'),
      target: Target.optional().describe('The file input (a ref or selector); default: the page\'s only file input.'),
    }),
    openWorld: true,
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'upload.set_files'>>('upload.set_files', { ...targetParams(a.target ?? 'input[type=file]'), files: a.paths.map((path) => ({ path })) });
      return stepAnswer(ctx, ctx.vocab, `Set ${r.result.files} file${r.result.files === 1 ? '' : 's'}.`, r.result, r.warnings);
    },
  }),
];

/**
 * Which checkboxes and radios are checked, by ref, from one snapshot taken before the first field is
 * touched: it is also the base of the answer's diff, so the diff shows every field the form changed.
 */
async function checkedStates(ctx: ToolContext): Promise<Map<string, boolean>> {
  const s = await ctx.link.call<ResultOf<'page.snapshot'>>('page.snapshot', { include_text: false });
  ctx.link.seen(s.result.page_id, s.result.url, s.result.rev);
  const out = new Map<string, boolean>();
  for (const n of s.result.snapshot.nodes) if (n.element_ref !== undefined && (n.role === 'checkbox' || n.role === 'radio')) out.set(n.element_ref, n.states?.checked === true);
  return out;
}

/** One field of browser_fill_form; a checkbox already in the wanted state is left alone. */
async function fillOne(ctx: ToolContext, f: z.infer<typeof FormField>, checked: ReadonlyMap<string, boolean>) {
  const t = targetParams(f.target);
  switch (f.type) {
    case 'textbox':
    case 'slider':
      // A native slider (input type=range) is set by value in its bounds, as a date or colour field is (page.type).
      return ctx.link.call<ResultOf<'page.type'>>('page.type', { ...t, text: f.value, replace: true });
    case 'combobox':
      return select(ctx, f.target, [f.value]);
    case 'checkbox':
    case 'radio': {
      if (!('element_ref' in t) || !checked.has(t.element_ref)) {
        throw new CallError({
          code: 'invalid_request',
          message: `fields: ${JSON.stringify(f.name)} needs the ${f.type}'s ref from the snapshot, so that its state can be read before it is set.`,
          retryable: false,
          details: { code: 'ref_required', field: 'fields.target', repair: { method: 'page.snapshot', params: {}, hint: `Take a snapshot and use the ${f.type}'s ref as target.` } },
        });
      }
      if (checked.get(t.element_ref) === (f.value === 'true')) return undefined;
      return ctx.link.call<ResultOf<'page.click'>>('page.click', t);
    }
  }
}
