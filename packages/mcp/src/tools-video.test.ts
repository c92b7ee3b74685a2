import { describe, expect, it } from 'vitest';
import { CallError, ProviderLink } from './link';
import { VIDEO_TOOLS } from './tools-video';
import type { ToolContext } from './tool';
import { VOCABULARY } from './tools';

/** The refusals a client reads before any browser is involved: each by name, nothing started. */
describe('video tools without a browser', () => {
  const tool = (name: string) => {
    const t = VIDEO_TOOLS.find((v) => v.name === name);
    if (t === undefined) throw new Error(`no ${name}`);
    return t;
  };
  const ctx = (): ToolContext => {
    let calls = 0;
    const link = new ProviderLink({
      call: async () => {
        calls++;
        return { protocol_version: '0.1', id: null, ok: false, error: { code: 'internal_error', message: `no provider here (${calls})`, retryable: false, details: {} } } as never;
      },
    });
    return { link, vocab: VOCABULARY };
  };

  it('are Playwright MCP 0.0.86 names in the devtools group, read-only as there', () => {
    expect(VIDEO_TOOLS.map((t) => [t.name, t.cap, t.readOnly])).toEqual([
      ['browser_start_video', 'devtools', true],
      ['browser_stop_video', 'devtools', true],
      ['browser_video_chapter', 'devtools', true],
      ['browser_video_show_actions', 'devtools', true],
      ['browser_video_hide_actions', 'devtools', true],
    ]);
  });

  it('refuses a file that is not .webm or .mp4, naming the field', async () => {
    const e = await tool('browser_start_video')
      .run(ctx(), { filename: 'clip.gif' })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CallError);
    expect((e as CallError).error).toMatchObject({ code: 'invalid_request', details: { code: 'invalid_params', field: 'filename' } });
  });

  it('answers a stop with nothing recorded as Playwright does', async () => {
    const a = await tool('browser_stop_video').run(ctx(), {});
    expect(a.text).toBe('No videos were recorded.');
  });

  it('takes only the positions and cursors Playwright names', () => {
    const input = tool('browser_video_show_actions').input;
    expect(input.safeParse({ position: 'middle' }).success).toBe(false);
    expect(input.safeParse({ cursor: 'arrow' }).success).toBe(false);
    expect(input.safeParse({ position: 'bottom-left', cursor: 'none', duration: 300, style: { point: 'background:red' } }).success).toBe(true);
  });
});
