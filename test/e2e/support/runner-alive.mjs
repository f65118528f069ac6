// Whether the e2e runner that named a database `tandem_e2e_<runner pid>_<time in ms>` is still
// running (serve-on-postgres.mjs drops the databases of runs whose runner is gone: a run that was
// killed). A process with that pid must exist (signal 0, any POSIX system) and, where /proc tells
// when it started (Linux), have started before the name was made: a pid the system gave to a
// later process does not keep an old run's database.
import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's start time (Linux's USER_HZ, 100 on every common build). */
const TICKS = 100;

export function runnerAlive(pid, namedAtMs) {
  // not a runner's pid (0 would signal this process group): nobody's run
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if (e.code === 'ESRCH') return false;
    // EPERM: it exists and is someone else's
  }
  let startedMs;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name (which may hold spaces) start at field 3; field 22 is the start time
    const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
    startedMs = (bootSeconds + startTicks / TICKS) * 1000;
  } catch {
    return true; // no /proc: the pid's existence is all there is to go on
  }
  // a second of slack: btime is whole seconds
  return !(startedMs > namedAtMs + 1000);
}
