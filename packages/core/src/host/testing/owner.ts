import { spawnOwned } from '../spawn';
import { watchdogPid } from '../watchdog';

/**
 * A stand-in server for the kill -9 test: starts two owned processes whose children outlive them
 * unless someone kills them (one child in a process group of its own, like a browser helper that
 * calls setpgid), prints their pids, and waits to be killed.
 */
const a = spawnOwned('sh', ['-c', 'sleep 300 & sleep 300; wait']);
// perl's setpgrp moves the child to a process group of its own; it stays in the leader's session.
const b = spawnOwned('sh', ['-c', `perl -e 'setpgrp(0, 0); exec "sleep", "300"' & sleep 300; wait`]);
await new Promise((r) => setTimeout(r, 300));
process.stdout.write(`${JSON.stringify({ leaders: [a.pid, b.pid], watchdog: watchdogPid() })}\n`);
setInterval(() => undefined, 1000);
