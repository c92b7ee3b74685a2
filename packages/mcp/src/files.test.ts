import { spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultOutputRoot, prepareRoot, SessionFiles } from './files';
import { CallError } from './link';
import { STORAGE_TOOLS } from './tools-storage';
import type { ToolContext } from './tool';

/** The error a refused call threw. */
const refused = async (p: Promise<unknown>) => {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(CallError);
  return (e as CallError).error;
};

const root = () => mkdtempSync(join(tmpdir(), 'bp-files-'));
const sessions = (dir: string, quotaBytes?: number) => new SessionFiles({ root: () => Promise.resolve(dir), ...(quotaBytes !== undefined ? { quotaBytes } : {}) });

describe('a session writes in a private folder of its own', () => {
  it('writes a relative name (folders made) in its folder and reads it back', async () => {
    const f = sessions(root());
    const path = await f.write('a/b.txt', 'hello');
    expect(path.startsWith(await f.dir())).toBe(true);
    expect(path.endsWith(join('a', 'b.txt'))).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('hello');
    expect((await f.read('a/b.txt', 100)).toString()).toBe('hello');
    expect(statSync(await f.dir()).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('keeps one session out of another: no read by name or path, no overwrite, and no probe', async () => {
    const dir = root();
    const a = sessions(dir);
    const b = sessions(dir);
    const secret = await a.write('storage-state-1.json', '{"cookies":[{"name":"sid","value":"A-secret"}]}');
    // By the name A was answered: B looks only in its own folder.
    const byName = await refused(b.read('storage-state-1.json', 1_000));
    expect(byName).toMatchObject({ code: 'invalid_request', details: { field: 'filename' } });
    expect(byName.message).not.toContain('A-secret');
    // A name that does not exist anywhere answers the same words: B cannot tell A's names from none.
    expect((await refused(b.read('storage-state-2.json', 1_000))).message).toBe(byName.message.replace('-1.json', '-2.json'));
    // By A's absolute path, or climbing to it.
    expect((await refused(b.read(secret, 1_000))).message).not.toContain('A-secret');
    expect(await refused(b.read(`../${secret.split('/').slice(-2).join('/')}`, 1_000))).toMatchObject({ details: { code: 'path_escape' } });
    expect(await refused(b.write(secret, 'planted'))).toMatchObject({ code: 'permission_denied', details: { code: 'path_escape' } });
    // B's own file of that name is B's.
    await b.write('storage-state-1.json', 'planted');
    expect(readFileSync(secret, 'utf8')).toContain('A-secret');
  });

  it.each(['../x.txt', '/etc/passwd', 'a/../../x', '.', 'nul\0byte', 'a/..'])('refuses %j', async (name) => {
    expect(await refused(sessions(root()).write(name, 'x'))).toMatchObject({ code: 'permission_denied', details: { code: 'path_escape', field: 'filename' } });
  });

  it('refuses odd names as invalid params, with the name escaped in the message', async () => {
    const f = sessions(root());
    const long = await refused(f.write('x'.repeat(300), 'x'));
    expect(long).toMatchObject({ code: 'invalid_request', details: { code: 'invalid_params', field: 'filename' } });
    expect(long.message).toContain('at most 255');
    for (const name of ['line\nbreak.txt', 'evil\u202Etxt.exe', 'bell\u0007.txt']) {
      const e = await refused(f.write(name, 'x'));
      expect(e.details).toMatchObject({ code: 'invalid_params' });
      expect(e.message).not.toMatch(/[\n\u202E\u0007]/);
    }
    expect(readdirSync(await f.dir())).toEqual([]);
  });
});

describe('links and races', () => {
  it('refuses a folder link that leads out, and creates nothing outside', async () => {
    const f = sessions(root());
    const outside = mkdtempSync(join(tmpdir(), 'bp-outside-'));
    symlinkSync(outside, join(await f.dir(), 'out'));
    expect((await refused(f.write('out/deep/er/x.txt', 'x'))).details.code).toBe('path_escape');
    expect(readdirSync(outside)).toEqual([]);
    mkdirSync(join(await f.dir(), 'd'));
    symlinkSync(join(outside, 'target'), join(await f.dir(), 'd', 'link.txt'));
    expect((await refused(f.write('d/link.txt', 'x'))).details.code).toBe('path_escape');
    expect(existsSync(join(outside, 'target'))).toBe(false);
  });

  it('refuses to write through a hard link, and leaves the linked file as it was', async () => {
    const f = sessions(root());
    const outside = join(mkdtempSync(join(tmpdir(), 'bp-outside-')), 'victim.txt');
    writeFileSync(outside, 'original');
    linkSync(outside, join(await f.dir(), 'same.txt'));
    expect((await refused(f.write('same.txt', 'overwritten'))).message).toContain('hard link');
    expect(readFileSync(outside, 'utf8')).toBe('original');
  });

  it('never writes outside while another process swaps a folder for a link to outside', async () => {
    const f = sessions(root());
    const dir = await f.dir();
    const outside = mkdtempSync(join(tmpdir(), 'bp-outside-'));
    mkdirSync(join(dir, 'd'));
    symlinkSync(outside, join(dir, 'd.link'));
    // The attack's swapper: `d` is a real folder, then (by atomic renames) a link out, and back.
    const swapper = spawn('sh', ['-c', `cd "${dir}" && while :; do mv -T d d.real; mv -T d.link d; mv -T d d.link; mv -T d.real d; done`], { stdio: 'ignore' });
    try {
      // Bounded in tries and in time, so a slow machine makes the test weaker, never red.
      const end = Date.now() + 4_000;
      for (let i = 0; i < 3_000 && Date.now() < end; i++) await f.write(`d/x${i % 50}.txt`, 'x').catch(() => undefined);
    } finally {
      swapper.kill('SIGKILL');
    }
    expect(readdirSync(outside)).toEqual([]);
  }, 30_000);
});

describe('bounds', () => {
  it('holds a session to its quota, counting an overwrite once', async () => {
    const f = sessions(root(), 10);
    await f.write('a.txt', '12345678');
    expect(await refused(f.write('b.txt', '12345678'))).toMatchObject({ code: 'permission_denied', details: { code: 'output_quota', limit: 10, used: 8 } });
    expect(existsSync(join(await f.dir(), 'b.txt'))).toBe(false);
    await f.write('a.txt', '123456789');
    expect(f.used).toBe(9);
  });

  it('refuses a file over the reader\'s limit before reading it', async () => {
    const f = sessions(root());
    await f.write('big.json', 'x'.repeat(2_000));
    expect(await refused(f.read('big.json', 1_000))).toMatchObject({ code: 'invalid_request', details: { code: 'too_large', limit: 1_000 } });
  });

  it('reads what a person placed in an input folder, by name, and never writes there', async () => {
    const input = mkdtempSync(join(tmpdir(), 'bp-input-'));
    writeFileSync(join(input, 'state.json'), '{}');
    const f = new SessionFiles({ root: () => Promise.resolve(root()), inputDirs: [input] });
    expect((await f.read('state.json', 100)).toString()).toBe('{}');
    expect((await f.read(join(input, 'state.json'), 100)).toString()).toBe('{}');
    const written = await f.write('state.json', 'mine');
    expect(written.startsWith(input)).toBe(false);
    expect(readFileSync(join(input, 'state.json'), 'utf8')).toBe('{}');
    // Its own file now comes first.
    expect((await f.read('state.json', 100)).toString()).toBe('mine');
  });
});

describe('output roots', () => {
  it('makes the default root fresh and private, never a guessable path', async () => {
    const dir = await defaultOutputRoot();
    expect(dir).not.toContain(`browser-provider-mcp/${process.pid}`);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('refuses a configured root that others can write, or that another user owns', async () => {
    const open = root();
    chmodSync(open, 0o777);
    await expect(prepareRoot(open, '--output-dir', true)).rejects.toThrow(/can be written by other users \(mode 777\)/);
    const under = join(open, 'out');
    await expect(prepareRoot(under, '--output-dir', true)).rejects.toThrow(/the folder above it, .* can be written by other users/);
    if (process.getuid?.() === 0) {
      const theirs = root();
      chownSync(theirs, 65534, 65534);
      await expect(prepareRoot(theirs, '--output-dir', true)).rejects.toThrow(/owned by uid 65534/);
    }
    const mine = root();
    expect(await prepareRoot(join(mine, 'made'), '--output-dir', true)).toBe(join(mine, 'made'));
  });
});

describe('browser_set_storage_state', () => {
  const tool = STORAGE_TOOLS.find((t) => t.name === 'browser_set_storage_state');
  const run = async (content: string) => {
    const files = sessions(root());
    await files.write('s.json', content);
    return refused((tool?.run as (ctx: ToolContext, a: unknown) => Promise<unknown>)({ files } as unknown as ToolContext, { filename: 's.json' }));
  };

  it('names itself, and never quotes the file, when the file is not a storage state', async () => {
    const e = await run('hunter2-session-token not json');
    expect(e.message).toMatch(/^browser_set_storage_state: "s\.json" is not a Playwright storage-state file this tool can load: the file is not valid JSON\.$/);
    expect((await run('{"cookies":[{"name":"a"}]}')).message).toContain('cookies.0.value');
  });

  it('refuses more cookies than a browser keeps, in its own name', async () => {
    const many = { cookies: Array.from({ length: 20_000 }, (_, i) => ({ name: `c${i}`, value: 'v', domain: 'example.com', path: '/' })) };
    expect((await run(JSON.stringify(many))).message).toMatch(/^browser_set_storage_state: .*holds 20000 cookies, and a browser keeps at most about 3000/);
  });
});
