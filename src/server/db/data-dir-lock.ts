import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { StartError } from './start-error.ts';

// PGlite has no lock of its own, and two processes on one directory corrupt it. A pid file is
// enough on one machine: a live Torque holder refuses us at once; a dead one (kill -9), or a pid
// now used by another program, is taken over.

export class DataDirInUseError extends StartError {
  override name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a live pid may be a Torque process: after a reboot or in a new container, a dead
 * holder's pid may belong to anything (a shell, sleep). Where /proc is missing, assume it may.
 */
function mayBeTorque(pid: number): boolean {
  if (!existsSync('/proc/self/cmdline')) return true;
  try {
    return /node|torque/i.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false;
  }
}

// Locks this process holds: a pid file naming our own pid is ours only if we wrote it in this life
// (a restarted container may be given the pid of its dead predecessor).
const held = new Set<string>();

/** Takes the lock or throws DataDirInUseError; returns the release function. */
export function lockDataDir(lockFile: string, dataDir: string): () => void {
  const me = String(process.pid);
  try {
    writeFileSync(lockFile, me, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number(readFileSync(lockFile, 'utf8').trim());
    const ours = holder === process.pid ? held.has(lockFile) : false;
    if (ours || (holder && holder !== process.pid && isAlive(holder) && mayBeTorque(holder))) {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by another Torque process (pid ${holder}). ` +
          'Stop that process, or start this one with another DATA_DIR (or DATABASE_URL).',
      );
    }
    writeFileSync(lockFile, me);
  }
  held.add(lockFile);
  return () => {
    held.delete(lockFile);
    try {
      if (readFileSync(lockFile, 'utf8').trim() === me) rmSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
