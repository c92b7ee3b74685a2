import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The net under every process we start: one small `/bin/sh` per server process, in a session of its
 * own, that reads `+<pid>` / `-<pid>` lines from a pipe whose other end only this process holds. When
 * this process dies however it dies — SIGKILL, an abort, the OOM killer — the kernel closes that pipe,
 * the shell's `read` sees end of file, and it SIGKILLs every process group still listed and every
 * process whose session is one of them (a descendant that moved to a group of its own), then exits.
 *
 * Why this and not the alternatives (measured on Debian 12, 2 cores; see docs/reliability.md):
 * - the kernel's parent-death signal (prctl PR_SET_PDEATHSIG) needs a native addon in Node, reaches
 *   only the direct child (`setpriv --pdeathsig` on chromedriver leaves its Chromium running), and
 *   fires when the spawning *thread* ends, not the process;
 * - a browser's own pipe transport exists for Chromium's CDP only, not for chromedriver, Firefox's
 *   BiDi or WebKitWebDriver;
 * - a Node watchdog would do the same at ~40 MB of RSS and ~40 ms per start; the shell costs ~1 MB
 *   and ~2 ms, and needs only builtins (`read`, `kill`, `set`), so it works without procps.
 * A process is listed while it or anything of its group/session may run, and removed once it is
 * reaped and its group is empty: Linux keeps a pid number out of reuse while a group or session
 * still bears it, so the shell never signals a stranger that took the number.
 */

// POSIX sh, builtins only (dash's kill takes no `--`: `kill -9 -<pgid>`). `ids` is a space-framed list (" 12 34 "). On EOF: signal each group, then
// walk /proc three times for members of the listed sessions (a dying process cannot fork, so the
// later passes catch only children forked before their parent was reached).
const SCRIPT = `trap '' HUP INT PIPE
ids=' '
while IFS= read -r l; do
  case $l in
    +*) ids="$ids\${l#+} " ;;
    -*) p=\${l#-}; case $ids in *" $p "*) ids="\${ids%% $p *} \${ids#* $p }" ;; esac ;;
  esac
done
[ "$ids" = ' ' ] && exit 0
for p in $ids; do kill -9 -$p 2>/dev/null; done
for pass in 1 2 3; do
  for d in /proc/[0-9]*; do
    read -r st < "$d/stat" 2>/dev/null || continue
    set -- \${st##*) }
    case $ids in *" $4 "*|*" $3 "*) kill -9 "\${d#/proc/}" 2>/dev/null ;; esac
  done
done
exit 0`;

let dog: ChildProcess | undefined;

/** Starts the watchdog when none runs; `listed` are the pids to hand a new one. */
function ensure(listed: Iterable<number>): ChildProcess | undefined {
  if (dog && dog.exitCode === null && dog.signalCode === null && dog.stdin?.writable) return dog;
  let child: ChildProcess;
  try {
    // Own session (`detached`): a signal to the server's group (Ctrl-C, a supervisor) spares it.
    child = spawn('/bin/sh', ['-c', SCRIPT], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  } catch {
    return undefined;
  }
  child.on('error', () => undefined);
  child.stdin?.on('error', () => undefined);
  // Neither the process nor its pipe may keep this process's event loop alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  dog = child;
  // A watchdog that died (killed by someone) is replaced and told everything still listed.
  child.once('exit', () => {
    if (dog === child) dog = undefined;
  });
  const lines = [...listed].map((pid) => `+${pid}\n`).join('');
  if (lines) child.stdin?.write(lines);
  return child;
}

const watched = new Set<number>();

/** Lists `pid` (a group/session leader we spawned) for the watchdog. */
export function watch(pid: number): void {
  if (pid <= 0) return;
  const listedBefore = [...watched];
  watched.add(pid);
  const d = dog && dog.exitCode === null && dog.signalCode === null ? dog : ensure(listedBefore);
  d?.stdin?.write(`+${pid}\n`);
}

/** Unlists `pid`: it is reaped and nothing of its group or session runs. */
export function unwatch(pid: number): void {
  if (!watched.delete(pid)) return;
  if (dog?.stdin?.writable) dog.stdin.write(`-${pid}\n`);
  // Nothing left to guard: the shell exits on end of input with an empty list, so a provider run in a
  // library's process (createProvider) leaves no process after close(). The next watch() starts one.
  if (watched.size === 0 && dog) {
    dog.stdin?.end();
    dog = undefined;
  }
}

/** The watchdog's pid, for tests and diagnostics. */
export function watchdogPid(): number | undefined {
  return dog?.pid;
}
