import { z } from 'zod';
import { ProviderDescription, ProviderStatus } from './capabilities';
import { ErrorCode } from './codes';
import { SetupGuideResult, VerifyResult } from './setup';
import { PageSnapshotV1, SnapshotElement } from './snapshot';
import { traitsOf, type MethodScope, type MethodTraits, type TraitsInput } from './traits';

/**
 * Params and results of every normalized method of the 0.1 draft. The dispatcher, the JSON Schema
 * export and `provider.describe` are all derived from `METHODS`; nothing lists the methods twice.
 * Fields the draft does not name are additive and optional.
 */

/** `timeout_ms`: every method takes it (the server bounds the call with it), custom ones included. */
export const TimeoutMs = z.number().int().positive().max(600_000);
/** A persistent profile's name: one directory name, never a path. */
export const ProfileName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'expected 1-64 letters, digits, _ . - (not starting with _ . -)');
const Id = z.string().min(1).max(256);

const Base = z.object({ timeout_ms: TimeoutMs.optional() });
const SessionScoped = Base.extend({ session_id: Id });
const PageScoped = SessionScoped.extend({ page_id: Id.optional() });

export const WaitUntil = z.enum(['load', 'domcontentloaded', 'networkidle', 'provider_default']);
export const Point = z.object({ x: z.number().finite(), y: z.number().finite() });
export const Rect = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
});

/** How an action names its target. Exactly one of these is expected; `rev` demands a current snapshot. */
const Target = {
  element_ref: Id.optional(),
  selector: z.string().min(1).max(10_000).optional(),
  text_query: z.string().min(1).max(10_000).optional(),
  rev: z.number().int().nonnegative().optional(),
};
const hasTarget = (p: { element_ref?: string; selector?: string; text_query?: string }) =>
  [p.element_ref, p.selector, p.text_query].filter((v) => v !== undefined).length === 1;
const TARGET_MESSAGE = 'exactly one of element_ref, selector, text_query is required';

/** How `page.drag` makes HTML5 drag events: the engine's own from pointer input, or dispatched in the page. */
export const DragEvents = z.enum(['native', 'synthesized']);
export type DragEvents = z.infer<typeof DragEvents>;

const NavResult = z.object({
  page_id: z.string(),
  url: z.string(),
  title: z.string().optional(),
  navigation_occurred: z.boolean().optional(),
});

export const TabInfo = z.object({
  tab_id: z.string(),
  page_id: z.string(),
  url: z.string(),
  title: z.string(),
  active: z.boolean(),
  /** Additive: false when the tab did not answer in time (a busy script); url and title are then the last known. */
  responding: z.boolean().optional(),
});

export const DownloadInfo = z.object({
  download_id: z.string(),
  url: z.string(),
  suggested_filename: z.string(),
  state: z.enum(['in_progress', 'completed', 'canceled', 'failed']),
  path: z.string().optional(),
  size: z.number().int().optional(),
});

export const UploadFile = z.union([
  z.object({ path: z.string().min(1) }),
  z.object({
    name: z.string().min(1).max(255),
    data_base64: z.string(),
    mime_type: z.string().optional(),
  }),
]);

/** A cookie to set (Playwright's and WebDriver's fields, in the protocol's snake case). */
export const CookieInit = z.object({
  name: z.string().min(1).max(4_096),
  value: z.string().max(4_096),
  domain: z.string().min(1).max(1_000).optional().describe('Default: the host of the page (or of url).'),
  path: z.string().max(4_096).optional().describe('Default: "/".'),
  url: z.string().max(100_000).optional().describe('Instead of domain: the cookie of this URL (its host, and secure for https).'),
  expires: z.number().finite().optional().describe('Expiry in seconds since the epoch; absent (or -1): a session cookie.'),
  http_only: z.boolean().optional(),
  secure: z.boolean().optional(),
  same_site: z.enum(['Strict', 'Lax', 'None']).optional(),
});
export type CookieInit = z.infer<typeof CookieInit>;

/** Additive `page.snapshot` params that shape the answer for a model's context. */
const SnapshotShape = {
  /** `interactive` keeps actionable elements plus the headings and landmarks that give them context. */
  mode: z.enum(['full', 'interactive']).optional(),
  /** Answer only what changed since this rev of the same page (added, removed, changed nodes). */
  since_rev: z.number().int().nonnegative().optional(),
  /** Cut `text` at this many characters (at a line end), with a note saying how to see more. */
  max_text_chars: z.number().int().positive().max(10_000_000).optional(),
  /**
   * Long runs of repeated siblings in `text`: by default folded in full mode (a few shown, the rest counted)
   * and set as tables in interactive mode (nothing hidden); `true` folds in both modes, `false` prints every line.
   */
  collapse: z.boolean().optional(),
  /**
   * An element_ref: answer only that element's subtree (nodes, elements and text), with the same refs
   * the full snapshot gives; `since_rev` then diffs within the scope. The page is walked whole, so the
   * lines are exactly the full snapshot's.
   */
  scope: z.string().min(1).max(256).optional(),
};

export const SnapshotDiff = z.object({
  since_rev: z.number().int(),
  /** False when `since_rev` is no longer known: the answer is then a full snapshot. */
  base_found: z.boolean(),
  added: z.array(z.object({ element_ref: z.string().optional(), line: z.string(), parent_ref: z.string().optional() })),
  removed: z.array(z.object({ element_ref: z.string().optional(), line: z.string() })),
  changed: z.array(z.object({ element_ref: z.string().optional(), line: z.string(), was: z.string() })),
});

export const SnapshotResult = z.object({
  page_id: z.string(),
  url: z.string(),
  title: z.string(),
  rev: z.number().int(),
  snapshot: PageSnapshotV1,
  elements: z.array(SnapshotElement),
  text: z.string(),
  truncated: z.boolean().optional(),
  screenshot_ref: z.string().optional(),
  provider_data: z.record(z.string(), z.unknown()).optional(),
  /** Additive: present when `since_rev` was given. */
  diff: SnapshotDiff.optional(),
});

/** Mouse buttons and held keys of `page.click` (Playwright MCP's browser_click names). */
export const ClickButton = z.enum(['left', 'middle', 'right']);
export type ClickButton = z.infer<typeof ClickButton>;
export const ClickModifier = z.enum(['Alt', 'Control', 'Meta', 'Shift']);
export type ClickModifier = z.infer<typeof ClickModifier>;
export const CLICK_COUNTS = [1, 2, 3] as const;

/**
 * Additive `page.click` options; each gesture is one W3C action sequence. What an engine takes is in
 * `provider.describe` (`capabilities.method_options["page.click"]`); a value it cannot do is refused.
 */
const ClickOptions = {
  button: ClickButton.optional().describe('The mouse button (default left). Right fires contextmenu and auxclick, middle auxclick; neither fires click.'),
  click_count: z
    .number()
    .int()
    .min(1)
    .max(3)
    .optional()
    .describe('Clicks at the same point in one gesture (default 1): 2 is a double click (the page gets dblclick), 3 a triple click.'),
  modifiers: z
    .array(ClickModifier)
    .max(4)
    .refine((m) => new Set(m).size === m.length, 'each modifier at most once')
    .optional()
    .describe('Keys held down during the click: pressed before the pointer moves, released after the last click.'),
};

/** A wheel turn's delta, CSS pixels: a bound well past any page's scroll range, so no engine is handed a number it refuses. */
export const WHEEL_DELTA_MAX = 100_000;
export const WheelDelta = z.number().min(-WHEEL_DELTA_MAX).max(WHEEL_DELTA_MAX);

/** What `page.mouse` does at its point: Playwright's `page.mouse` calls, as W3C pointer and wheel actions. */
export const MOUSE_ACTIONS = ['move', 'down', 'up', 'click', 'wheel'] as const;
export type MouseAction = (typeof MOUSE_ACTIONS)[number];

/** Image formats of `page.screenshot` (additive; PNG is the draft's and the default). */
export const ScreenshotFormat = z.enum(['png', 'jpeg']);
export type ScreenshotFormat = z.infer<typeof ScreenshotFormat>;
export const SCREENSHOT_MEDIA_TYPES: Readonly<Record<ScreenshotFormat, string>> = { png: 'image/png', jpeg: 'image/jpeg' };

/** Additive on actions: also answer with a snapshot of the page after the action, so one call is one step. */
const AfterAction = {
  snapshot: z.enum(['none', 'diff', 'full']).optional(),
};
/**
 * Additive: the snapshot after the action failed although the action was done (the navigation it
 * caused replaced the document mid-snapshot, the frame went away): the error it met, as a warning says.
 */
const SnapshotMissing = z.object({ code: ErrorCode, cause: z.string().optional(), message: z.string() });
const withSnapshot = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, snapshot: SnapshotResult.optional(), snapshot_missing: SnapshotMissing.optional() });

/** The media features `page.emulate_media` overrides, each with its values (Playwright's `page.emulateMedia`). */
export const MEDIA_FEATURES = {
  color_scheme: ['light', 'dark'],
  reduced_motion: ['reduce', 'no-preference'],
  forced_colors: ['active', 'none'],
  contrast: ['more', 'no-preference'],
  media: ['screen', 'print'],
} as const;
export type MediaFeature = keyof typeof MEDIA_FEATURES;
export const MEDIA_FEATURE_NAMES = Object.keys(MEDIA_FEATURES) as MediaFeature[];
const mediaField = (f: MediaFeature, what: string) => z.enum(MEDIA_FEATURES[f]).nullable().optional().describe(`${what}; null clears the override, absent leaves it as it is.`);
/** What a page's media emulation is after a call: each overridden feature and its value. */
export const MediaOverrides = z.object({
  color_scheme: z.enum(MEDIA_FEATURES.color_scheme).optional(),
  reduced_motion: z.enum(MEDIA_FEATURES.reduced_motion).optional(),
  forced_colors: z.enum(MEDIA_FEATURES.forced_colors).optional(),
  contrast: z.enum(MEDIA_FEATURES.contrast).optional(),
  media: z.enum(MEDIA_FEATURES.media).optional(),
});
export type MediaOverrides = z.infer<typeof MediaOverrides>;

/** The parts of one recorded request `network.request` answers (Playwright MCP's names). */
/** What names one recorded request, in network.list and network.request alike. */
const RecordedRequest = z.object({
  request_id: z.string(),
  method: z.string(),
  url: z.string(),
  status: z.number().int().optional(),
  resource_type: z.string().optional(),
});

export const REQUEST_PARTS = ['request-headers', 'request-body', 'response-headers', 'response-body'] as const;
export type RequestPart = (typeof REQUEST_PARTS)[number];
const Header = z.object({ name: z.string(), value: z.string() });
const Body = z.object({
  /** The body as text (UTF-8), when it is text; else `base64`. */
  text: z.string().optional(),
  /** The bytes of a body that is not text: with a NUL, or not UTF-8 (decided by its content, whatever the engine handed over). */
  base64: z.string().optional(),
  /** Bytes of the body as the browser kept it. */
  size: z.number().int().optional(),
  /** Its Content-Type header, as sent (capped). */
  media_type: z.string().optional(),
  truncated: z.boolean().optional(),
  /** Why there is no body: `none` (the request had none), `not_collected` (the browser did not keep it: too large, evicted, or sent before the session's collector). */
  unavailable: z.enum(['none', 'not_collected']).optional(),
});

export type MethodTier = 'core' | 'optional';

export interface MethodSpec<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, T extends MethodTier = MethodTier, S extends MethodScope = MethodScope> {
  readonly params: P;
  readonly result: R;
  readonly tier: T;
  readonly description: string;
  readonly traits: MethodTraits & { readonly tier: T; readonly scope: S };
}

const spec = <T extends MethodTier, P extends z.ZodType, R extends z.ZodType, S extends MethodScope>(
  tier: T,
  description: string,
  params: P,
  result: R,
  traits: TraitsInput<S>,
): MethodSpec<P, R, T, S> => ({ tier, description, params, result, traits: traitsOf(tier, traits) as MethodTraits & { tier: T; scope: S } });

export const METHODS = {
  'provider.describe': spec(
    'core',
    'Static and semi-static metadata: methods, features, custom methods with schemas.',
    Base,
    ProviderDescription,
    { scope: 'provider' },
  ),
  'provider.status': spec('core', 'Current availability, setup state and diagnostics.', Base, ProviderStatus, { scope: 'provider' }),
  'provider.setup_guide': spec(
    'optional',
    'Per browser: what to install and how on this host (commands, paths, permissions, URLs), each step marked done or not.',
    Base.extend({ browser: z.string().max(64).optional().describe('One browser family (or alias) of browser_families; default: every engine.') }),
    SetupGuideResult,
    { scope: 'provider', engineIndependent: true },
  ),
  'provider.verify': spec(
    'optional',
    'Really use each browser: open a session (launching it if needed), load a page, snapshot it, close; diagnostics say what failed and what to do.',
    Base.extend({
      browser: z.string().max(64).optional().describe('One browser family (or alias) of browser_families; default: every engine, one after another.'),
      // A cold launch on a loaded machine takes far longer than a page call; the deadline bounds the whole check.
      timeout_ms: TimeoutMs.default(90_000).describe('Bound on the whole check; what is open when it runs out is closed.'),
    }),
    VerifyResult,
    { scope: 'provider', engineIndependent: true },
  ),
  'session.ensure': spec(
    'core',
    'Create a browser session, or reuse the one bound to client_session_id.',
    Base.extend({
      client_session_id: Id.optional(),
      browser_preference: z.string().max(64).optional(),
      isolation: z.enum(['per_jcode_session', 'shared']).optional(),
      attach: z.enum(['never', 'prefer', 'require']).optional(),
      persist: z
        .boolean()
        .optional()
        .describe('Keep cookies and storage in a named profile that outlives the session (profile "default" unless `profile` names one).'),
      profile: ProfileName.optional().describe(
        'Additive: the persistent profile to use; implies persist. One session at a time may hold a profile (else permission_denied / profile_locked).',
      ),
      metadata: z.record(z.string(), z.unknown()).optional(),
    })
      .refine((p) => !(p.persist === false && p.profile !== undefined), { path: ['profile'], message: 'a profile needs persist: true (or no persist)' })
      .refine((p) => !((p.persist === true || p.profile !== undefined) && p.attach === 'require'), {
        path: ['attach'],
        message: 'a persistent profile runs in a browser the provider launches; attach: "require" cannot use one',
      }),
    z.object({
      session_id: z.string(),
      browser_family: z.string(),
      browser_label: z.string(),
      attached_to_existing_browser: z.boolean(),
      isolation: z.string(),
      default_page_id: z.string(),
      reused: z.boolean().optional(),
      /** Additive: the persistent profile the session holds. */
      profile: z
        .object({
          name: z.string(),
          path: z.string().describe('The profile directory; it is kept when the session closes.'),
          created: z.boolean().describe('Whether this session.ensure created the profile (its first use).'),
        })
        .optional(),
    }),
    { scope: 'provider' },
  ),
  'session.close': spec(
    'core',
    'Close the session: its pages close, or detach when attached to an existing browser.',
    SessionScoped,
    z.object({ session_id: z.string(), closed: z.boolean(), detached: z.boolean().optional() }),
    { scope: 'session', mutating: true },
  ),
  'page.open': spec(
    'core',
    'Open a URL in the current page or in a new page.',
    PageScoped.extend({
      url: z.string().min(1).max(100_000),
      new_page: z.boolean().optional(),
      foreground: z.boolean().optional(),
      wait_until: WaitUntil.optional(),
    }),
    z.object({
      page_id: z.string(),
      url: z.string(),
      title: z.string().optional(),
      navigation_state: z.string().optional(),
    }),
    { scope: 'session', mutating: true, navigates: true, inJob: true },
  ),
  'page.snapshot': spec(
    'core',
    'A normalized view of the page: v1 node tree, flat element list with refs, and a compact text outline.',
    PageScoped.extend({
      include_screenshot: z.boolean().optional(),
      include_html: z.boolean().optional(),
      include_dom: z.boolean().optional(),
      include_a11y: z.boolean().optional(),
      include_text: z.boolean().optional(),
      max_nodes: z.number().int().positive().max(100_000).optional(),
      boxes: z.boolean().optional().describe('Additive: give each element node its border box (`box`, top-level viewport CSS pixels), and write it in `text` as [box=x,y,width,height] after the ref.'),
      value_chars: z.number().int().positive().max(1_000_000).optional().describe('Additive: cut each field value at this many characters (default 500); a cut value ends "… [N more characters cut]". With `scope` set to the field\'s ref, reads one long value whole.'),
      ...SnapshotShape,
    }),
    SnapshotResult,
    { scope: 'page', inJob: true },
  ),
  'page.click': spec(
    'core',
    'Click an element (by element_ref, selector or text_query) or a viewport position, with trusted input.',
    PageScoped.extend({ ...Target, ...AfterAction, position: Point.optional(), ...ClickOptions }).refine(
      (p) => [p.element_ref, p.selector, p.text_query, p.position].filter((v) => v !== undefined).length === 1,
      { message: 'exactly one of element_ref, selector, text_query, position is required' },
    ),
    withSnapshot({
      page_id: z.string(),
      clicked: z.boolean(),
      navigation_occurred: z.boolean().optional(),
      url: z.string().optional(),
      /**
       * Additive: where the pointer went, in the top-level viewport's CSS pixels. The centre when it is
       * reachable, else the first visible point of the element that hit-tests to it.
       */
      point: Point.optional(),
      /**
       * Additive: the click reached the element, then the page changed under the pointer (a field that
       * moved on focus, a menu closed on mousedown) and the guard cancelled the rest of the gesture
       * instead of letting it land on another element. `reached`: the click events the element got
       * (click, dblclick, auxclick, contextmenu); `cancelled`: every event stopped, in order.
       */
      interrupted: z.object({ reached: z.array(z.string()), cancelled: z.array(z.string()) }).optional(),
    }),
    { scope: 'page', mutating: true, inJob: true, afterSnapshot: true },
  ),
  'page.type': spec(
    'core',
    'Type text into an input-like element with trusted key input; a date, time, month, week, colour or range field is set to the text as its value (in the format its snapshot line gives), then read back.',
    PageScoped.extend({
      ...Target,
      ...AfterAction,
      text: z.string().max(1_000_000),
      replace: z.boolean().optional(),
      submit: z.boolean().optional(),
    }).refine(hasTarget, { message: TARGET_MESSAGE }),
    withSnapshot({
      page_id: z.string(),
      typed: z.boolean(),
      /**
       * Additive: how the text went in. `keys`: typed key by key (text kinds, number, textarea,
       * contenteditable). `value`: a field whose UI is a picker (date, time, datetime-local, month, week,
       * color, range) was set through its value, checked against its format, with input and change fired.
       */
      by: z.enum(['keys', 'value']).optional(),
      /** Additive: the value the field holds now, read back from it (a password's is masked). */
      value: z.string().optional(),
    }),
    { scope: 'page', mutating: true, inJob: true, afterSnapshot: true },
  ),
  'page.wait': spec(
    'core',
    'Wait until a condition holds, bounded by timeout_ms.',
    PageScoped.extend({
      text_present: z.string().min(1).optional(),
      text_absent: z.string().min(1).optional(),
      selector_present: z.string().min(1).optional(),
      selector_absent: z.string().min(1).optional(),
      element_ref_present: Id.optional(),
      url_matches: z.string().min(1).optional(),
      navigation_complete: z.boolean().optional(),
    }).refine(
      (p) =>
        [
          p.text_present,
          p.text_absent,
          p.selector_present,
          p.selector_absent,
          p.element_ref_present,
          p.url_matches,
          p.navigation_complete,
        ].some((v) => v !== undefined),
      { message: 'at least one wait condition is required' },
    ),
    z.object({ satisfied: z.boolean(), matched_condition: z.string().optional(), url: z.string().optional() }),
    { scope: 'page', inJob: true },
  ),
  'page.screenshot': spec(
    'core',
    'Capture a PNG (or, where the engine offers it, a JPEG) of the viewport, the full page, a clip rectangle or one element.',
    PageScoped.extend({
      full_page: z.boolean().optional(),
      clip: Rect.optional(),
      element_ref: Id.optional(),
      selector: z.string().min(1).max(10_000).optional().describe('Additive: the element a CSS selector matches (exactly one, as for actions), instead of element_ref.'),
      format: ScreenshotFormat.optional().describe('Image format (default png). provider.describe lists what each engine captures (capabilities.method_options).'),
      quality: z.number().int().min(0).max(100).optional().describe('JPEG quality, 0–100 (the engine\'s default when absent); only with format "jpeg".'),
      scale: z
        .enum(['css', 'device'])
        .optional()
        .describe('Additive: the image\'s pixels. "device" (what every engine captures): one per device pixel. "css": one per CSS pixel; answered when they are the same (device pixel ratio 1), refused otherwise, as nothing here resamples an image.'),
    })
      .refine((p) => p.quality === undefined || p.format === 'jpeg', { message: 'quality is only for format "jpeg"', path: ['quality'] })
      .refine((p) => p.element_ref === undefined || p.selector === undefined, { message: 'give element_ref or selector, not both', path: ['selector'] }),
    z.object({
      page_id: z.string(),
      image: z.string().optional(),
      image_ref: z.string().optional(),
      media_type: z.string(),
      width: z.number().int(),
      height: z.number().int(),
    }),
    { scope: 'page', inJob: true },
  ),

  'page.go_back': spec('optional', 'Go back in history.', PageScoped.extend({ wait_until: WaitUntil.optional() }), NavResult, { scope: 'page', mutating: true, navigates: true, inJob: true }),
  'page.go_forward': spec('optional', 'Go forward in history.', PageScoped.extend({ wait_until: WaitUntil.optional() }), NavResult, { scope: 'page', mutating: true, navigates: true, inJob: true }),
  'page.reload': spec('optional', 'Reload the page.', PageScoped.extend({ wait_until: WaitUntil.optional() }), NavResult, { scope: 'page', mutating: true, navigates: true, inJob: true }),
  'page.press': spec(
    'optional',
    'Press a key or chord (e.g. "Enter", "Control+A") on an element or the focused element.',
    PageScoped.extend({ ...Target, ...AfterAction, key: z.string().min(1).max(64) }),
    withSnapshot({ page_id: z.string(), pressed: z.boolean() }),
    { scope: 'page', mutating: true, inJob: true, afterSnapshot: true, engineIndependent: true },
  ),
  'page.select': spec(
    'optional',
    'Select options of a <select> by value or label: `values` / `labels` (lists), or `value` / `label` for one option.',
    PageScoped.extend({
      ...Target,
      ...AfterAction,
      values: z.array(z.string()).optional(),
      labels: z.array(z.string()).optional(),
      /** One option by value: the same as `values: [value]`. */
      value: z.string().optional(),
      /** One option by its visible label: the same as `labels: [label]`. */
      label: z.string().optional(),
    })
      .refine(hasTarget, { message: TARGET_MESSAGE })
      .refine((p) => !(p.value !== undefined && p.values !== undefined), { message: 'give value or values, not both', path: ['value'] })
      .refine((p) => !(p.label !== undefined && p.labels !== undefined), { message: 'give label or labels, not both', path: ['label'] }),
    withSnapshot({ page_id: z.string(), selected: z.array(z.string()) }),
    { scope: 'page', mutating: true, inJob: true, afterSnapshot: true, engineIndependent: true },
  ),
  'page.hover': spec(
    'optional',
    'Move the pointer over an element.',
    PageScoped.extend(Target).refine(hasTarget, { message: TARGET_MESSAGE }),
    z.object({ page_id: z.string(), hovered: z.boolean() }),
    { scope: 'page', mutating: true, inJob: true, engineIndependent: true },
  ),
  'page.drag': spec(
    'optional',
    'Drag an element (by element_ref, selector or text_query) onto another element (to_element_ref, to_selector or to_text_query) or to a viewport point (to_point), with trusted pointer input: press on it, move in steps, release. Dropping onto an item puts the dragged one at that item\'s position, whichever way it moves; the dragged element never counts as covering the target. HTML5 drag events are the engine\'s own where its WebDriver makes them, else dispatched in the page after the trusted dragstart (capabilities.method_options["page.drag"].html5_events).',
    PageScoped.extend({
      ...Target,
      ...AfterAction,
      to_element_ref: Id.optional(),
      to_selector: z.string().min(1).max(10_000).optional(),
      to_text_query: z.string().min(1).max(10_000).optional(),
      to_point: Point.optional().describe('A point of the top-level viewport, CSS pixels, as it is once the source has been scrolled into view.'),
      html5_events: DragEvents.optional().describe('Demand how HTML5 drag events are made (default: native where the engine makes them, else synthesized).'),
    })
      .refine(hasTarget, { message: TARGET_MESSAGE })
      .refine((p) => [p.to_element_ref, p.to_selector, p.to_text_query, p.to_point].filter((v) => v !== undefined).length === 1, {
        message: 'exactly one of to_element_ref, to_selector, to_text_query, to_point is required',
        path: ['to_element_ref'],
      }),
    withSnapshot({
      page_id: z.string(),
      dragged: z.boolean(),
      /** Where the press and the release were, in the top-level viewport's CSS pixels. */
      from: Point,
      to: Point,
      /** The HTML5 drag of the gesture: `none` (a mouse-event widget), the engine's own events, or ones dispatched in the page. */
      html5: z.enum(['none', 'native', 'synthesized']),
      /** With an HTML5 drag made in the page: whether the target accepted the drop. */
      dropped: z.boolean().optional(),
      /**
       * What the drag did to the dragged element: its place among its parent's element children before
       * and after (1-based, `of` after), whether it went to another parent, how far its box moved within
       * its parent (CSS px); null when none of these changed. Absent when the page could not tell.
       */
      moved: z
        .object({ from: z.number().int(), to: z.number().int(), of: z.number().int(), other_list: z.boolean(), dx: z.number(), dy: z.number() })
        .nullable()
        .optional(),
    }),
    { scope: 'page', mutating: true, inJob: true, afterSnapshot: true, engineIndependent: true },
  ),
  'page.mouse': spec(
    'optional',
    'Raw pointer input at a point of the top-level viewport (CSS pixels), for what refs cannot name (a canvas, a map, a gap between elements): move the pointer there, press a button (down) or release it (up), click, or turn the wheel. There is no element ref, so no actionability check; the point must be inside the viewport. A button pressed with down stays pressed across calls until its up (a drag in parts). down, up and wheel without x and y act where the last page.mouse put the pointer on this page (wheel: the viewport\'s centre before any). Answers what element is at the point: its tag and description, and its ref when the session has one for it.',
    PageScoped.extend({
      ...AfterAction,
      action: z.enum(MOUSE_ACTIONS),
      x: z.number().finite().optional().describe('The point\'s x in the top-level viewport, CSS pixels; required for move and click.'),
      y: z.number().finite().optional().describe('The point\'s y in the top-level viewport, CSS pixels; required for move and click.'),
      button: ClickButton.optional().describe('down, up, click: the mouse button (default left). capabilities.method_options["page.mouse"].button lists what this engine presses.'),
      click_count: ClickOptions.click_count,
      modifiers: ClickOptions.modifiers.describe('click: keys held down during the click.'),
      delay_ms: z.number().int().min(0).max(10_000).optional().describe('click: time between each press and its release (default 0).'),
      delta_x: WheelDelta.optional().describe('wheel: horizontal scroll delta, CSS pixels (default 0; rounded to whole pixels).'),
      delta_y: WheelDelta.optional().describe('wheel: vertical scroll delta, CSS pixels (default 0; rounded to whole pixels).'),
    })
      .refine((p) => (p.x === undefined) === (p.y === undefined), { message: 'give x and y together', path: ['x'] })
      .refine((p) => !(p.action === 'move' || p.action === 'click') || p.x !== undefined, { message: 'move and click need x and y', path: ['x'] })
      .refine((p) => p.button === undefined || p.action === 'down' || p.action === 'up' || p.action === 'click', { message: 'button is for down, up and click', path: ['button'] })
      .refine((p) => (p.click_count === undefined && p.modifiers === undefined && p.delay_ms === undefined) || p.action === 'click', { message: 'click_count, modifiers and delay_ms are for click', path: ['click_count'] })
      .refine((p) => (p.delta_x === undefined && p.delta_y === undefined) || p.action === 'wheel', { message: 'delta_x and delta_y are for wheel', path: ['delta_x'] }),
    withSnapshot({
      page_id: z.string(),
      action: z.enum(MOUSE_ACTIONS),
      /** Where the pointer acted, in the top-level viewport's CSS pixels. */
      point: Point,
      /** What the hit test found at the point before the action (null: nothing, e.g. outside the document). */
      at: z
        .object({
          tag: z.string(),
          description: z.string().describe('Tag, id, first class and a short text, as an obscured click describes its cover (capped).'),
          element_ref: z.string().optional().describe('Its ref, when a snapshot (or an action) of this session gave it one.'),
          inside_ref: z.string().optional().describe('Else the ref of its nearest ancestor that has one.'),
        })
        .nullable(),
      /** The buttons page.mouse holds pressed on this page after the call. */
      pressed: z.array(ClickButton),
      navigation_occurred: z.boolean().optional(),
      url: z.string().optional(),
    }),
    { scope: 'page', mutating: true, inJob: true, afterSnapshot: true, engineIndependent: true },
  ),
  'page.scroll': spec(
    'optional',
    'Scroll the page or an element by a delta, or an element into view.',
    PageScoped.extend({
      ...Target,
      delta_x: z.number().finite().optional(),
      delta_y: z.number().finite().optional(),
      into_view: z.boolean().optional(),
    }),
    z.object({ page_id: z.string(), scroll_x: z.number(), scroll_y: z.number() }),
    { scope: 'page', mutating: true, inJob: true },
  ),
  'tab.list': spec('optional', "List the session's tabs.", SessionScoped, z.object({ tabs: z.array(TabInfo) }), { scope: 'session', inJob: true, engineIndependent: true }),
  'tab.activate': spec('optional', 'Bring a tab to the front.', SessionScoped.extend({ tab_id: Id }), TabInfo, { scope: 'session', mutating: true, inJob: true, engineIndependent: true }),
  'tab.close': spec(
    'optional',
    'Close a tab.',
    SessionScoped.extend({ tab_id: Id }),
    z.object({ tab_id: z.string(), closed: z.boolean() }),
    { scope: 'session', mutating: true, inJob: true, engineIndependent: true },
  ),
  'tab.new': spec('optional', 'Open a new tab.', SessionScoped.extend({ url: z.string().optional() }), TabInfo, { scope: 'session', mutating: true, inJob: true, engineIndependent: true }),
  'page.eval': spec(
    'optional',
    'Evaluate a JavaScript expression in the page (gated behind a server flag).',
    PageScoped.extend({ expression: z.string().min(1).max(1_000_000), await_promise: z.boolean().optional() }),
    z.object({ value: z.unknown(), type: z.string(), truncated: z.boolean().optional() }),
    { scope: 'page', mutating: true, gate: 'allow-eval', feature: 'js_eval' },
  ),
  'network.list': spec(
    'optional',
    'Recent network requests of a page.',
    PageScoped.extend({ limit: z.number().int().positive().max(10_000).optional() }),
    z.object({
      requests: z.array(
        RecordedRequest.extend({
          started_at: z.number(),
          duration_ms: z.number().optional(),
          failed: z.boolean().optional(),
        }),
      ),
      omitted: z.number().int().positive().optional().describe('Older requests left out to keep the answer within its size limit; ask with a smaller limit.'),
    }),
    { scope: 'page' },
  ),
  'console.list': spec(
    'optional',
    'Recent console messages of a page.',
    PageScoped.extend({
      limit: z.number().int().positive().max(10_000).optional(),
      since_navigation: z.boolean().optional().describe('Additive: only the messages of the current document, logged since its navigation committed (default: all kept, across navigations).'),
    }),
    z.object({
      entries: z.array(z.object({ level: z.string(), text: z.string(), timestamp: z.number(), source: z.string().optional() })),
      omitted: z.number().int().positive().optional().describe('Older messages left out to keep the answer within its size limit; ask with a smaller limit.'),
    }),
    { scope: 'page' },
  ),
  'storage.get': spec(
    'optional',
    "Read the page origin's localStorage or sessionStorage.",
    PageScoped.extend({ kind: z.enum(['local', 'session']).optional(), keys: z.array(z.string()).optional() }),
    z.object({ origin: z.string(), entries: z.record(z.string(), z.string()) }),
    { scope: 'page' },
  ),
  'cookie.list': spec(
    'optional',
    "List the session's cookies, optionally for some URLs.",
    PageScoped.extend({ urls: z.array(z.string()).optional() }),
    z.object({
      cookies: z.array(
        z.object({
          name: z.string(),
          value: z.string(),
          domain: z.string(),
          path: z.string(),
          expires: z.number().optional(),
          http_only: z.boolean(),
          secure: z.boolean(),
          same_site: z.string().optional(),
        }),
      ),
    }),
    { scope: 'page' },
  ),
  'cookie.set': spec(
    'optional',
    "Add or replace cookies in the session's jar. A cookie without domain (and url) belongs to the page's host; on an engine that can only set the current document's cookies (classic WebDriver), another domain is refused.",
    PageScoped.extend({ cookies: z.array(CookieInit).min(1).max(100) }),
    z.object({ set: z.number().int() }),
    { scope: 'page', mutating: true },
  ),
  'cookie.delete': spec(
    'optional',
    "Delete the session's cookies that match name, domain and path (each optional; none given: every cookie the engine lets the session see).",
    PageScoped.extend({ name: z.string().max(4_096).optional(), domain: z.string().max(1_000).optional(), path: z.string().max(4_096).optional() }),
    z.object({ deleted: z.number().int() }),
    { scope: 'page', mutating: true },
  ),
  'storage.set': spec(
    'optional',
    "Write the page origin's localStorage or sessionStorage: clear it (clear), remove keys (remove), then set entries; answers what it holds after.",
    PageScoped.extend({
      kind: z.enum(['local', 'session']).optional(),
      entries: z.record(z.string().max(10_000), z.string().max(5_000_000)).optional(),
      remove: z.array(z.string().max(10_000)).max(10_000).optional(),
      clear: z.boolean().optional(),
    }).refine((p) => p.entries !== undefined || p.remove !== undefined || p.clear === true, { message: 'give entries, remove or clear' }),
    z.object({ origin: z.string(), entries: z.record(z.string(), z.string()) }),
    { scope: 'page', mutating: true, engineIndependent: true },
  ),
  'page.set_viewport': spec(
    'optional',
    'Resize the page\'s viewport to width × height CSS pixels (BiDi browsingContext.setViewport; classic WebDriver resizes the window until the viewport has that size). Answers the size the page then has.',
    PageScoped.extend({ width: z.number().int().min(100).max(10_000), height: z.number().int().min(100).max(10_000) }),
    z.object({ page_id: z.string(), width: z.number().int(), height: z.number().int() }),
    { scope: 'page', mutating: true, inJob: true },
  ),
  'download.list': spec('optional', "List the session's downloads.", SessionScoped, z.object({ downloads: z.array(DownloadInfo) }), { scope: 'session' }),
  'download.wait': spec(
    'optional',
    'Wait for a download to finish.',
    SessionScoped.extend({ download_id: Id.optional() }),
    DownloadInfo,
    { scope: 'session' },
  ),
  'upload.set_files': spec(
    'optional',
    'Set the files of a file input, from allowed paths or inline bytes.',
    PageScoped.extend({ ...Target, files: z.array(UploadFile).min(1).max(100) }).refine(hasTarget, {
      message: TARGET_MESSAGE,
    }),
    z.object({ page_id: z.string(), files: z.number().int() }),
    { scope: 'page', mutating: true },
  ),
  'page.emulate_media': spec(
    'optional',
    'Emulate CSS media features of the page — prefers-color-scheme, prefers-reduced-motion, forced-colors, prefers-contrast — and the CSS media type (screen/print), as the page\'s CSS and matchMedia see them. Absent fields are left as they are, null clears one; the overrides stay with the page across navigations. capabilities.method_options["page.emulate_media"].feature lists what this engine emulates; a call naming another is refused before anything changes.',
    PageScoped.extend({
      color_scheme: mediaField('color_scheme', 'prefers-color-scheme'),
      reduced_motion: mediaField('reduced_motion', 'prefers-reduced-motion'),
      forced_colors: mediaField('forced_colors', 'forced-colors'),
      contrast: mediaField('contrast', 'prefers-contrast'),
      media: mediaField('media', 'The CSS media type'),
    }).refine((p) => MEDIA_FEATURE_NAMES.some((f) => p[f] !== undefined), { message: `at least one of ${MEDIA_FEATURE_NAMES.join(', ')} is required` }),
    z.object({ page_id: z.string(), emulated: MediaOverrides.describe('Every override the page now has (a feature absent here is the browser\'s own).') }),
    { scope: 'page', mutating: true, inJob: true },
  ),
  'network.request': spec(
    'optional',
    'One request recorded by network.list, by request_id: its headers and, where the engine kept it, its body (or only `part`). Header values and text bodies are capped; a body the browser did not keep says so (unavailable).',
    PageScoped.extend({ request_id: Id, part: z.enum(REQUEST_PARTS).optional().describe('Answer only this part.') }),
    RecordedRequest.extend({
      failed: z.boolean().optional(),
      request_headers: z.array(Header).optional(),
      request_headers_omitted: z.number().int().positive().optional().describe('How many more request headers the browser sent than the answer holds (it keeps the first 200).'),
      response_headers: z.array(Header).optional(),
      response_headers_omitted: z.number().int().positive().optional().describe('How many more response headers the browser received than the answer holds (it keeps the first 200).'),
      request_body: Body.optional(),
      response_body: Body.optional(),
    }),
    { scope: 'page' },
  ),
  'page.pdf': spec(
    'optional',
    'Print the page to a PDF (BiDi browsingContext.print; classic WebDriver Print Page where the driver has it) and answer it base64.',
    PageScoped.extend({
      landscape: z.boolean().optional(),
      print_background: z.boolean().optional().describe('Print background colours and images (default false, as browsers print).'),
      scale: z.number().min(0.1).max(2).optional(),
    }),
    z.object({ page_id: z.string(), data: z.string().describe('The PDF, base64.'), media_type: z.literal('application/pdf'), size: z.number().int() }),
    { scope: 'page', inJob: true },
  ),
  'page.highlight': spec(
    'optional',
    'Draw a persistent outline over an element (for a person watching, or a screenshot); it follows the element as the page scrolls and does not take pointer events. Drawn by the provider in the page, in a closed shadow root.',
    PageScoped.extend({ ...Target, style: z.string().max(1_000).optional().describe('Extra inline CSS for the outline box, e.g. "outline: 2px dashed red".') }).refine(hasTarget, { message: TARGET_MESSAGE }),
    z.object({ page_id: z.string(), highlighted: z.boolean() }),
    // Not mutating: the outline is ours, outside the page's own tree, and changes nothing the page reads.
    { scope: 'page', inJob: true, engineIndependent: true },
  ),
  'page.hide_highlight': spec(
    'optional',
    'Remove the outline page.highlight drew over an element, or every outline of the page when no target is given.',
    PageScoped.extend(Target).refine((p) => [p.element_ref, p.selector, p.text_query].filter((v) => v !== undefined).length <= 1, { message: 'at most one of element_ref, selector, text_query' }),
    z.object({ page_id: z.string(), removed: z.number().int() }),
    { scope: 'page', inJob: true, engineIndependent: true },
  ),
  'page.drop': spec(
    'optional',
    'Drop files and/or MIME-typed data onto an element, as if dragged in from outside the page. The element gets the same checks as a click (visible, enabled, stable, and the hit-test at its point lands on it). The dragenter, dragover and drop events are made by the provider in the page (not by the engine, which cannot drag from outside the page), so their isTrusted is false; drop is sent only when dragover was cancelled, as a browser does.',
    PageScoped.extend({
      ...Target,
      ...AfterAction,
      files: z.array(UploadFile).max(100).optional(),
      data: z.record(z.string().min(1).max(200), z.string().max(1_000_000)).optional().describe('MIME type → value, e.g. {"text/plain": "hello", "text/uri-list": "https://example.com"}.'),
    })
      .refine(hasTarget, { message: TARGET_MESSAGE })
      .refine((p) => (p.files?.length ?? 0) > 0 || (p.data !== undefined && Object.keys(p.data).length > 0), { message: 'give files or data' }),
    withSnapshot({
      page_id: z.string(),
      dropped: z.boolean().describe('Whether the drop event was sent (the element cancelled dragover); false: it got dragenter, dragover and dragleave only.'),
      point: Point.optional(),
      files: z.number().int(),
      types: z.array(z.string()),
    }),
    { scope: 'page', mutating: true, inJob: true, afterSnapshot: true, engineIndependent: true },
  ),
} as const satisfies Record<string, MethodSpec>;

export type MethodName = keyof typeof METHODS;
export type ParamsOf<M extends MethodName> = z.infer<(typeof METHODS)[M]['params']>;
export type ResultOf<M extends MethodName> = z.infer<(typeof METHODS)[M]['result']>;

export type CoreMethodName = { [M in MethodName]: (typeof METHODS)[M]['tier'] extends 'core' ? M : never }[MethodName];
export type OptionalMethodName = Exclude<MethodName, CoreMethodName>;

export const METHOD_NAMES = Object.keys(METHODS) as MethodName[];
export const CORE_METHODS = METHOD_NAMES.filter((m): m is CoreMethodName => METHODS[m].tier === 'core');
export const OPTIONAL_METHODS = METHOD_NAMES.filter((m): m is OptionalMethodName => METHODS[m].tier === 'optional');

export const isMethodName = (name: string): name is MethodName => Object.hasOwn(METHODS, name);

/** How `M` runs (its handler's context): `provider`, `session` or `page`. */
export type ScopeOf<M extends MethodName> = (typeof METHODS)[M]['traits']['scope'];
/** The draft's methods that have a trait, e.g. `methodsWhere('inJob')`. */
export const methodsWhere = (trait: keyof MethodTraits): MethodName[] => METHOD_NAMES.filter((m) => METHODS[m].traits[trait] === true);
