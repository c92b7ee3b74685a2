import { describe, expect, it, vi } from 'vitest';
import { CallFailed, rerunIfBrowserEnded } from './browser-crash';

const ended = () => new CallFailed({ code: 'browser_not_running', message: 'The browser session ended.', retryable: false, details: { code: 'session_gone' } });

describe('rerunIfBrowserEnded', () => {
  it('runs the sequence once more when the browser ended, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sequence = vi.fn<() => Promise<string>>().mockRejectedValueOnce(ended()).mockResolvedValueOnce('second');
    expect(await rerunIfBrowserEnded('safari', sequence)).toBe('second');
    expect(sequence).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^safari: the browser ended mid-run/));
    warn.mockRestore();
  });

  it('fails on a second end, and never reruns for anything else', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(rerunIfBrowserEnded('safari', () => Promise.reject(ended()))).rejects.toBeInstanceOf(CallFailed);
    const other = vi.fn(() => Promise.reject(new CallFailed({ code: 'element_not_found', message: 'x', retryable: false, details: {} })));
    await expect(rerunIfBrowserEnded('firefox', other)).rejects.toMatchObject({ error: { code: 'element_not_found' } });
    const plain = vi.fn(() => Promise.reject(new Error('assertion')));
    await expect(rerunIfBrowserEnded('chrome', plain)).rejects.toThrow('assertion');
    expect(other).toHaveBeenCalledTimes(1);
    expect(plain).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});
