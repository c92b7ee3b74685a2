/**
 * A page that records every keydown it sees (key, code and the modifiers held) into `#log`, for the
 * cross-engine key test. The listener is on the window in the capture phase, so a key is recorded
 * wherever focus is (Tab moves it away from the input), and it never cancels anything.
 */
export const KEYS_PAGE = `<!doctype html><meta charset="utf-8"><title>Keys</title>
<label>Keys <input id="k" autocomplete="off"></label>
<p>Log: <output id="log"></output></p>
<script>
  const log = document.getElementById('log');
  const seen = [];
  addEventListener('keydown', (e) => {
    const mods = (e.shiftKey ? 'S' : '') + (e.ctrlKey ? 'C' : '') + (e.altKey ? 'A' : '') + (e.metaKey ? 'M' : '');
    seen.push(encodeURIComponent(e.key) + '/' + e.code + (mods ? '/' + mods : ''));
    log.textContent = '[' + seen.join(' ') + ']';
  }, true);
</script>`;

/** The recorded keydowns from a snapshot's text: the `[…]` list `#log` shows, one `key/code[/mods]` each. */
export function readKeyLog(snapshotText: string): string[] {
  // The one bracketed list with a slash in it (refs are `[e1]`).
  const m = /\[([^\]]*\/[^\]]*)\]/.exec(snapshotText.replace(/\s+/g, ' '));
  if (!m) throw new Error(`no key log in the snapshot:\n${snapshotText.slice(0, 2000)}`);
  return (m[1] as string).split(' ').filter((s) => s !== '').map((s) => {
    const [key, ...rest] = s.split('/');
    return [decodeURIComponent(key as string), ...rest].join('/');
  });
}
