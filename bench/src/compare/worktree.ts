import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A git ref checked out and built in a temporary worktree outside the repository, so `pnpm bench
 * --compare` can run that commit's own CLI beside the working tree's. Dependencies come from the pnpm
 * store when it has them (`--offline`: seconds, no network); otherwise a normal install fetches the
 * rest. The worktree is removed on `remove()` and, failing that, when the process exits.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = 'apps/cli/bin/browser-provider.js';

export interface Side {
  /** What the table calls it: "here" (the working tree) or the ref as given. */
  label: string;
  /** The commit, short, with "+ uncommitted changes" for a dirty working tree. */
  commit: string;
  /** The CLI to run as `<bin> serve --browser …`. */
  bin: string;
  /** How the CLI runs: "bundle" (the prebuilt server bundle) or "sources" (through tsx). */
  runs: 'bundle' | 'sources';
  /**
   * Rebuilds the bundle if a file changed since (the working tree moves under a long run), so it runs
   * what is there now; answers how it will run.
   */
  refresh?: () => Promise<Side['runs']>;
}

const git = (args: string[], cwd = REPO_ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function pnpm(args: string[], cwd: string, log: (s: string) => void): boolean {
  const r = spawnSync('pnpm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 15 * 60_000 });
  if (r.status === 0) return true;
  log(`  pnpm ${args.join(' ')} failed (${r.status ?? r.signal}): ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`);
  return false;
}

/**
 * Builds the server bundle when the checkout has `pnpm build` (older commits run from sources), and
 * says which one its bin will run: the bin itself decides, by whether the bundle is fresh.
 */
async function build(root: string, label: string, log: (s: string) => void, ifStale: boolean): Promise<Side['runs']> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  if (!pkg.scripts?.['build'] || !existsSync(join(root, 'apps/cli/bin/bundle-state.js'))) return 'sources';
  const { bundleState } = (await import(join(root, 'apps/cli/bin/bundle-state.js'))) as { bundleState: (m?: string, r?: string) => { fresh: boolean } };
  const fresh = () => bundleState(join(root, 'apps/cli/dist/manifest.json'), root).fresh;
  if (ifStale && fresh()) return 'bundle';
  log(`${label}: pnpm build`);
  pnpm(['-s', 'build', ...(ifStale ? ['--if-stale'] : [])], root, log);
  return fresh() ? 'bundle' : 'sources';
}

/** The working tree as it is, uncommitted changes included; its bundle is rebuilt if stale. */
export async function hereSide(log: (s: string) => void): Promise<Side> {
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  const commit = `${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ' + uncommitted changes' : ''}`;
  const refresh = () => build(REPO_ROOT, 'here', log, true);
  return { label: 'here', commit, bin: join(REPO_ROOT, BIN), runs: await refresh(), refresh };
}

export interface Checkout extends Side {
  remove(): void;
}

/** Checks `ref` out in a fresh temporary worktree, installs its dependencies and builds it. `keep`: no removal at exit. */
export async function checkoutRef(ref: string, log: (s: string) => void, keep = false): Promise<Checkout> {
  let sha: string;
  try {
    sha = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--compare: ${JSON.stringify(ref)} is not a commit in this repository`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'bp-compare-'));
  // Git names a worktree after its folder: a unique one, so two runs at once never share a name.
  const tree = join(dir, basename(dir));
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    try {
      git(['worktree', 'remove', '--force', tree]);
    } catch {
      // Not registered (the add failed) or already gone; the folder goes below either way.
    }
    rmSync(dir, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: REPO_ROOT, stdio: 'ignore' });
  };
  // A Ctrl-C or a crash mid-run still removes it (main.ts exits through process.exit on signals).
  if (!keep) process.once('exit', remove);
  try {
    log(`${ref}: worktree at ${tree} (${sha.slice(0, 9)})`);
    git(['worktree', 'add', '--detach', tree, sha]);
    log(`${ref}: pnpm install (offline first)`);
    if (!pnpm(['install', '--frozen-lockfile', '--offline', '--reporter=silent'], tree, log) && !pnpm(['install', '--frozen-lockfile', '--reporter=silent'], tree, log)) {
      throw new Error(`${ref}: pnpm install failed in the worktree`);
    }
    const runs = await build(tree, ref, log, false);
    return { label: ref, commit: sha.slice(0, 9), bin: join(tree, BIN), runs, remove };
  } catch (e) {
    remove();
    throw e;
  }
}
