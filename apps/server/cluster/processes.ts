import { spawn } from 'node:child_process';

/** Signals a process group; one already gone is no error. */
export function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

/** Whether any process of the group is still there (signal 0 checks without signalling). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface GroupProcess {
  readonly name: string;
  readonly pid: number;
  /** Settles when the group's leader ends. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines it wrote (stdout and stderr), for an error message. */
  output(): string;
  /** SIGTERM to the group (the leader stops its own children first), SIGKILL to whatever is left after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL to the whole group at once: a machine lost, nothing handed back. */
  kill(): Promise<void>;
}

/**
 * Runs a command as the leader of a process group of its own, so that stopping or killing it ends
 * what it started too (a server's ffmpeg, nginx's workers): nothing is left running after a test.
 */
export function startGroupProcess(name: string, command: string, args: string[], options: { cwd?: string; env: NodeJS.ProcessEnv }): GroupProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  if (child.pid === undefined) throw new Error(`${name}: ${command} did not start`);
  const pid = child.pid;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', () => resolve({ code: null, signal: null }));
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  let done = false;
  void exited.then(() => (done = true));
  // The test runner may end without stopping it: the group goes with it.
  const onExit = () => killGroup(pid, 'SIGKILL');
  process.once('exit', onExit);
  const finish = () => {
    killGroup(pid, 'SIGKILL');
    process.off('exit', onExit);
  };
  return {
    name,
    pid,
    exited,
    output: () => output,
    async stop(graceMs = 10_000) {
      if (!done) {
        const force = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
        killGroup(pid, 'SIGTERM');
        await exited;
        clearTimeout(force);
      }
      finish();
    },
    async kill() {
      killGroup(pid, 'SIGKILL');
      await exited;
      finish();
    },
  };
}
