import { describe, expect, it } from 'vitest';
import { ProviderLink } from '../link';
import type { Recorder } from './recorder';
import { calloutSource } from './overlay';
import { VideoState, type Recording } from './state';

/**
 * browser_start_video's `cursor`: while recording, each action that answered a point gets a ring there
 * (no callout title), kept until a frame holds it, then removed; reading calls and actions without a
 * point draw nothing, and `cursor: false` draws nothing at all. The provider is a stub answering each
 * method, and the page is the draw hook, which sees each overlay function as the page would run it.
 */
const POINT = { x: 120, y: 45 };

function setup(cursor: boolean) {
  const link = new ProviderLink({
    call: async (req: { method: string; id: unknown }) => {
      const result = req.method === 'session.ensure' ? { session_id: 's1' } : req.method === 'page.click' ? { page_id: 'p1', point: POINT } : { page_id: 'p1' };
      return { protocol_version: '0.1', id: req.id, ok: true, result, warnings: [] } as never;
    },
  });
  const video = VideoState.of(link);
  const drawn: string[] = [];
  video.draw = async (source) => (drawn.push(source), true);
  const frames: number[] = [];
  const recorder = { captured: async (since: number) => void frames.push(since) } as unknown as Recorder;
  video.recording = { recorder, filename: 'v.webm', width: 800, height: 600, fps: 25, cursor } satisfies Recording;
  return { link, drawn, frames };
}

/** The arguments an overlay function carries as JSON (`const a = {...};`). */
const argsOf = (source: string) => JSON.parse(/const a = (\{.*?\}); /.exec(source)![1]!) as Record<string, unknown>;

describe("browser_start_video's cursor", () => {
  it('rings the point of each action that has one, titled with nothing, until a frame holds it', async () => {
    const { link, drawn, frames } = setup(true);
    await link.call('page.click', { selector: '#go' });
    expect(drawn).toHaveLength(2);
    expect(argsOf(drawn[0]!)).toMatchObject({ title: '', point: POINT, cursor: true });
    // The action's answer waited for a frame that started after the ring was drawn, then removed it.
    expect(frames).toHaveLength(1);
    expect(drawn[1]).toContain('querySelectorAll');
    expect(drawn[1]).toContain(String(argsOf(drawn[0]!).id));
  });

  it('draws nothing for a call without a point or that is no action', async () => {
    const { link, drawn } = setup(true);
    await link.call('page.type', { selector: '#name', text: 'secret' });
    await link.call('page.snapshot');
    expect(drawn).toEqual([]);
  });

  it('draws nothing when the recording was started without it', async () => {
    const { link, drawn } = setup(false);
    await link.call('page.click', { selector: '#go' });
    expect(drawn).toEqual([]);
  });
});

/** Runs an overlay function against a minimal DOM and answers what it put in its closed root. */
function drawnInRoot(source: string): Array<{ css: string; text: string | undefined }> {
  const root: Array<{ css: string; text: string | undefined }> = [];
  const element = () => {
    const el = {
      text: undefined as string | undefined,
      style: { cssText: '', setProperty: () => undefined },
      set textContent(t: string) { el.text = t; },
      setAttribute: () => undefined,
      append: () => undefined,
      remove: () => undefined,
      attachShadow: () => ({ append: (...kids: Array<{ style: { cssText: string }; text: string | undefined }>) => root.push(...kids.map((k) => ({ css: k.style.cssText, text: k.text }))) }),
    };
    return el;
  };
  const document = { createElement: element, body: element(), documentElement: element() };
  const run = new Function('document', 'setTimeout', `return (${source})()`) as (d: unknown, t: unknown) => string;
  expect(run(document, () => 0)).toBe('drawn');
  return root;
}

describe('the callout drawn in the page', () => {
  const base = { id: 'c1', point: POINT, durationMs: 500, position: 'top-right' as const, cursor: true };

  it("is the ring alone for start_video's cursor: no empty title box in the corner", () => {
    const root = drawnInRoot(calloutSource({ ...base, title: '' }));
    expect(root).toHaveLength(1);
    expect(root[0]!.css).toContain('border-radius:50%');
  });

  it('is the title and the ring for show_actions', () => {
    const root = drawnInRoot(calloutSource({ ...base, title: 'Click "Go"' }));
    expect(root.map((r) => r.text)).toEqual(['Click "Go"', undefined]);
  });
});
