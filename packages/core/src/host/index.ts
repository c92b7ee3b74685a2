/**
 * Host processes: the one place that starts, watches and kills the processes backends run (browsers,
 * drivers, X servers), finds their executables and ports, and recovers what a dead provider left on a
 * persistent profile. Engine-neutral: adapters pass the names and files; nothing here names a browser.
 */
export { spawnOwned, waitForLine, type OwnedProcess, type SpawnOptions } from './spawn';
export { watchdogPid } from './watchdog';
export { familyOf, familyPssMb, groupRunning, groupSize, descendantsOf, commandLine, pidLive, readStat, allProcesses, type ProcStat } from './procfs';
export { freeLoopbackPort, listenerOwnedBy } from './ports';
export { findExecutable, onPath, versionOf, type ExecutableSearch } from './executables';
export { recoverProfile, runsOnDir, isThisHost, type BrowserLock, type Recovery } from './orphans';
// The one cross-process directory lock (a file naming pid and host; a dead holder's is taken over).
export { acquireProfileLock, type LockAttempt, type ProfileLock } from '../state/profiles';
export { aptCandidate, debianLike, guideOf, hostOs, packageStep, type HostOs, type PackageStepInput } from './os';
