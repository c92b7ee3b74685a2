import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dispatcher } from '../dispatch/dispatcher';
import { LOCK_FILE, acquireProfileLock, defaultProfileRoot, type LockRecord } from './profiles';
import { Provider } from '../provider';
import { StubBackend } from '../testing/stub-backend';

const roots: string[] = [];
function tempRoot(): string {
  const d = mkdtempSync(join(tmpdir(), 'bp-profiles-test-'));
  roots.push(d);
  return d;
}
afterEach(() => {
  for (const d of roots.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A pid that certainly ran and has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

const record = (over: Partial<LockRecord>): LockRecord => ({
  pid: process.pid,
  host: hostname(),
  session_id: 'sess_x',
  owner: 'someone',
  token: 'tok',
  acquired_at: new Date().toISOString(),
  ...over,
});

describe('defaultProfileRoot', () => {
  it.each([
    { env: { BROWSER_PROVIDER_PROFILE_ROOT: '/srv/p', XDG_DATA_HOME: '/x' }, want: '/srv/p' },
    { env: { XDG_DATA_HOME: '/x' }, want: '/x/browser-provider/profiles' },
    { env: { XDG_DATA_HOME: 'relative', HOME: '/h' }, want: /\/\.local\/share\/browser-provider\/profiles$/ },
    { env: {}, want: /\/\.local\/share\/browser-provider\/profiles$/ },
  ])('$env', ({ env, want }) => {
    const got = defaultProfileRoot(env);
    if (typeof want === 'string') expect(got).toBe(want);
    else expect(got).toMatch(want);
  });
});

describe('profile locks', () => {
  it('lets one holder in, names it to the next, and frees on release', () => {
    const dir = tempRoot();
    const a = acquireProfileLock(dir, { sessionId: 's1', owner: 'o1' });
    if (!('lock' in a)) throw new Error('expected the lock');
    const b = acquireProfileLock(dir, { sessionId: 's2', owner: 'o2' });
    expect(b).toEqual({ holder: expect.objectContaining({ pid: process.pid, session_id: 's1', owner: 'o1' }) });
    a.lock.release();
    a.lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const c = acquireProfileLock(dir, { sessionId: 's3', owner: 'o1' });
    expect('lock' in c).toBe(true);
    if ('lock' in c) c.lock.release();
  });

  it('takes over a lock whose holder is a zombie (exited, not yet reaped)', async () => {
    // A forked child exits under a parent that never reaps it: a zombie, which kill(pid, 0) still finds.
    // Perl (essential on Debian) rather than `sh -c 'sleep 0 & …; exec sleep'`: dash reaps a finished
    // background job before it runs its next command, so on a busy machine the child was gone before the exec.
    const parent = spawn('perl', ['-e', '$| = 1; my $pid = fork() // die; exit 0 unless $pid; print "$pid\\n"; sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const zombie = Number((await new Promise<Buffer>((r) => parent.stdout.once('data', r))).toString().trim());
      while (readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z') await new Promise((r) => setTimeout(r, 20));
      const dir = tempRoot();
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify(record({ pid: zombie })));
      const got = acquireProfileLock(dir, { sessionId: 'new', owner: 'o' });
      expect('lock' in got).toBe(true);
      if ('lock' in got) got.lock.release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it.each([
    { name: 'a dead pid', content: () => JSON.stringify(record({ pid: deadPid() })) },
    { name: 'this pid, not held here (an earlier provider of this process)', content: () => JSON.stringify(record({})) },
    { name: 'a damaged file', content: () => '{"pi' },
  ])('takes over a stale lock: $name', ({ content }) => {
    const dir = tempRoot();
    writeFileSync(join(dir, LOCK_FILE), content());
    const got = acquireProfileLock(dir, { sessionId: 'new', owner: 'o' });
    if (!('lock' in got)) throw new Error(`expected a takeover, got ${JSON.stringify(got)}`);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ session_id: 'new', pid: process.pid });
    got.lock.release();
  });

  it.each([
    { name: 'a live process', over: { pid: process.ppid } },
    { name: 'another host (its pid cannot be checked)', over: { pid: deadPid(), host: `not-${hostname()}` } },
  ])('respects a lock held by $name', ({ over }) => {
    const dir = tempRoot();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(record(over)));
    expect(acquireProfileLock(dir, { sessionId: 'new', owner: 'o' })).toEqual({ holder: expect.objectContaining(over) });
  });

  it('never removes a lock that someone else took after a release', () => {
    const dir = tempRoot();
    const a = acquireProfileLock(dir, { sessionId: 's1', owner: 'o' });
    if (!('lock' in a)) throw new Error('expected the lock');
    const foreign = JSON.stringify(record({ pid: process.ppid, token: 'theirs' }));
    writeFileSync(join(dir, LOCK_FILE), foreign);
    a.lock.release();
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(foreign);
  });
});

const resultOf = (env: ResponseEnvelope) => {
  if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
  return env.result as Record<string, any>;
};
const errorOf = (env: ResponseEnvelope) => {
  if (env.ok) throw new Error(`expected an error, got ${JSON.stringify(env.result)}`);
  return env.error;
};

function setup(root = tempRoot()) {
  const backend = new StubBackend();
  backend.featureList = ['persistent_profile'];
  const provider = new Provider({ backend, log: () => undefined, profileRoot: root });
  const d = new Dispatcher(provider);
  let n = 0;
  const call = (method: string, params: Record<string, unknown> = {}) => d.handle({ protocol_version: '0.1', id: `r${++n}`, method, params });
  return { backend, provider, call, root };
}

describe('session.ensure with persist', () => {
  it('gives the session a named profile under <root>/<family>/<name> and tells the engine', async () => {
    const { call, backend, root } = setup();
    const s = resultOf(await call('session.ensure', { persist: true, profile: 'work' }));
    expect(s.profile).toEqual({ name: 'work', path: join(root, 'stub', 'work'), created: true });
    expect(backend.created[0]?.profile).toEqual({ name: 'work', dir: join(root, 'stub', 'work') });
    const d = resultOf(await call('session.ensure', { persist: true }));
    expect(d.profile).toMatchObject({ name: 'default', path: join(root, 'stub', 'default') });
    const implied = errorOf(await call('session.ensure', { profile: 'work' }));
    expect(implied.details.code).toBe('profile_locked');
  });

  it('refuses a held profile with profile_locked, then lets the next session in once the holder closes', async () => {
    const { call } = setup();
    const a = resultOf(await call('session.ensure', { persist: true, profile: 'p1' }));
    const err = errorOf(await call('session.ensure', { persist: true, profile: 'p1', client_session_id: 'other' }));
    expect(err).toMatchObject({
      code: 'permission_denied',
      retryable: true,
      details: { code: 'profile_locked', profile: 'p1', holder_pid: process.pid, repair: { method: 'session.ensure' } },
    });
    // The holder's session id is its credential: never in another caller's answer.
    expect(err.details).not.toHaveProperty('holder_session_id');
    expect(JSON.stringify(err)).not.toContain(a.session_id);
    expect(err.details.repair?.hint).toMatch(/another profile name|session\.close/);
    resultOf(await call('session.close', { session_id: a.session_id }));
    const b = resultOf(await call('session.ensure', { persist: true, profile: 'p1' }));
    expect(b.profile).toMatchObject({ name: 'p1', created: false });
  });

  it('locks across providers, naming the holder pid but not its session', async () => {
    const one = setup();
    const two = setup(one.root);
    resultOf(await one.call('session.ensure', { persist: true, profile: 'shared' }));
    const err = errorOf(await two.call('session.ensure', { persist: true, profile: 'shared' }));
    expect(err.details).toMatchObject({ code: 'profile_locked', holder_pid: process.pid });
    expect(err.details).not.toHaveProperty('holder_session_id');
    await one.provider.shutdown();
    expect(resultOf(await two.call('session.ensure', { persist: true, profile: 'shared' })).profile.name).toBe('shared');
    await two.provider.shutdown();
  });

  it('reuses the session bound to client_session_id, also when concurrent', async () => {
    const { call, backend } = setup();
    const [a, b] = await Promise.all([
      call('session.ensure', { client_session_id: 'c', persist: true, profile: 'r' }),
      call('session.ensure', { client_session_id: 'c', persist: true, profile: 'r' }),
    ]);
    expect(resultOf(a).session_id).toBe(resultOf(b).session_id);
    const again = await call('session.ensure', { client_session_id: 'c', persist: true, profile: 'r' });
    expect(resultOf(again)).toMatchObject({ session_id: resultOf(a).session_id, reused: true, profile: { name: 'r', created: false } });
    expect(again.ok && again.warnings).toEqual([]);
    const other = await call('session.ensure', { client_session_id: 'c', persist: true, profile: 'elsewhere' });
    expect(other.ok && other.warnings.join(' ')).toMatch(/using profile "r"/);
    expect(backend.sessionsOpen).toBe(1);
  });

  it('frees the profile when the browser goes away, on idle expiry, on shutdown and when the launch fails', async () => {
    const { call, backend, provider, root } = setup();
    const lockFile = join(root, 'stub', 'p', LOCK_FILE);
    const a = resultOf(await call('session.ensure', { persist: true, profile: 'p' }));
    backend.lose[0]!();
    await vi.waitFor(() => expect(existsSync(lockFile)).toBe(false));
    const b = resultOf(await call('session.ensure', { persist: true, profile: 'p' }));
    // Closing the dead session later must not free b's lock.
    resultOf(await call('session.close', { session_id: a.session_id }));
    expect(errorOf(await call('session.ensure', { persist: true, profile: 'p' })).details.code).toBe('profile_locked');

    provider.expireIdle(0, Date.now() + 1_000);
    expect(errorOf(await call('page.snapshot', { session_id: b.session_id })).details.code).toBe('session_closed');
    await vi.waitFor(() => expect(existsSync(lockFile)).toBe(false));

    const create = backend.createSession.bind(backend);
    backend.createSession = () => Promise.reject(new Error('launch failed'));
    expect(errorOf(await call('session.ensure', { persist: true, profile: 'p' })).code).toBe('internal_error');
    backend.createSession = create;
    expect(existsSync(lockFile)).toBe(false);

    resultOf(await call('session.ensure', { persist: true, profile: 'p' }));
    expect(existsSync(lockFile)).toBe(true);
    await provider.shutdown();
    expect(existsSync(lockFile)).toBe(false);
    expect(existsSync(join(root, 'stub', 'p'))).toBe(true);
  });

  it.each([
    { name: 'a path as the name', params: { persist: true, profile: '../x' }, field: 'profile' },
    { name: 'a hidden name', params: { profile: '.x' }, field: 'profile' },
    { name: 'a too long name', params: { profile: 'a'.repeat(65) }, field: 'profile' },
    { name: 'a profile with persist: false', params: { persist: false, profile: 'x' }, field: 'profile' },
    { name: 'persist with attach: require', params: { persist: true, attach: 'require' }, field: 'attach' },
  ])('rejects $name, naming the field', async ({ params, field }) => {
    const { call, backend, root } = setup();
    const err = errorOf(await call('session.ensure', params));
    expect(err).toMatchObject({ code: 'invalid_request', details: { code: 'invalid_params', field } });
    expect(backend.sessionsOpen).toBe(0);
    expect(existsSync(join(root, 'stub'))).toBe(false);
  });
});
