/** What the runner uses of `process`: the real one, or a test's. */
export interface CliProcess {
  argv: readonly string[];
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  exit(code: number): void;
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

/** A service's log line on stdout: `[tag] message`. */
export function serviceLog(tag: string, proc: Pick<CliProcess, 'stdout'> = process): (message: string) => void {
  return (message) => void proc.stdout.write(`[${tag}] ${message}\n`);
}

export interface CliOptions<C> {
  /** The service's name in its output (`[tag] …`). */
  tag: string;
  /** Printed on stderr for an unknown command, or `--help` / `-h`. */
  usage: string;
  commands: Readonly<Record<string, (config: C) => Promise<void>>>;
  /** Parses the whole environment; a throw (a `ConfigError`) stops the command, naming the variable. */
  loadConfig: () => C;
  /** The command without an argument. */
  defaultCommand?: string;
  process?: CliProcess;
}

/**
 * Runs the command named by the first argument: `--help` / `-h` print the usage and exit 0, an
 * unknown command prints it and exits 2. The environment is parsed first, once, so a bad value stops
 * every command before it touches anything; a failure is one line on stderr (`[tag] serve failed:
 * …`) and exit 1. Resolves when the command has returned (a server keeps running after that).
 */
export function runCli<C>(options: CliOptions<C>): Promise<void> {
  const proc = options.process ?? process;
  const name = proc.argv[2] ?? options.defaultCommand ?? 'serve';
  const command = Object.hasOwn(options.commands, name) ? options.commands[name] : undefined;
  if (!command) {
    proc.stderr.write(`${options.usage}\n`);
    proc.exit(name === '--help' || name === '-h' ? 0 : 2);
    return Promise.resolve();
  }
  return Promise.resolve()
    .then(() => command(options.loadConfig()))
    .catch((error: unknown) => {
      proc.stderr.write(`[${options.tag}] ${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      proc.exit(1);
    });
}

export interface StopOptions {
  tag: string;
  process?: CliProcess;
}

/**
 * On SIGINT or SIGTERM (a deploy, Ctrl-C), `stop()` once (work under way finishes, the store
 * closes), then exit 0; a failed stop is one line on stderr and exit 1. Each signal is listened to
 * once: a second Ctrl-C during a slow stop gets Node's default, which ends the process at once.
 */
export function stopOnSignals(stop: () => Promise<void>, options: StopOptions): void {
  const proc = options.process ?? process;
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => proc.exit(0),
      (error: unknown) => {
        proc.stderr.write(`[${options.tag}] stop failed: ${error instanceof Error ? error.message : String(error)}\n`);
        proc.exit(1);
      },
    );
  };
  proc.once('SIGINT', onSignal);
  proc.once('SIGTERM', onSignal);
}
