import { spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliProcess, runCli, serviceLog, stopOnSignals } from './cli.ts';
import { ConfigError } from './env.ts';

/** A process as the runner sees it: the output and exit codes are recorded, signals are emitted by the test. */
class TestProcess extends EventEmitter implements CliProcess {
  out = '';
  err = '';
  exits: number[] = [];
  stdout = { write: (text: string) => (this.out += text) };
  stderr = { write: (text: string) => (this.err += text) };
  readonly argv: string[];
  constructor(argv: string[]) {
    super();
    this.argv = argv;
  }
  exit(code: number): void {
    this.exits.push(code);
  }
}

const USAGE = 'usage: node src/cli.ts <serve|seed>';

function cli(args: string[], commands: Record<string, (config: { port: number }) => Promise<void>>, loadConfig = () => ({ port: 8090 })) {
  const proc = new TestProcess(['node', 'src/cli.ts', ...args]);
  return { proc, done: runCli({ tag: 'analytics', usage: USAGE, commands, loadConfig, process: proc }) };
}

describe('runCli', () => {
  it('runs the named command with the parsed environment, serve without a name', async () => {
    const ran: string[] = [];
    const commands = { serve: async (config: { port: number }) => void ran.push(`serve ${config.port}`), seed: async () => void ran.push('seed') };
    await cli([], commands).done;
    const seeded = cli(['seed'], commands);
    await seeded.done;
    expect(ran).toEqual(['serve 8090', 'seed']);
    expect(seeded.proc.exits).toEqual([]);
    expect(seeded.proc.err).toBe('');
  });

  it('prints the usage: exit 0 when asked for it, 2 for an unknown command', async () => {
    const commands = { serve: async () => {} };
    for (const [arg, code] of [['--help', 0], ['-h', 0], ['migrate', 2], ['constructor', 2]] as const) {
      const { proc, done } = cli([arg], commands);
      await done;
      expect(proc.err).toBe(`${USAGE}\n`);
      expect(proc.exits).toEqual([code]);
    }
  });

  it('stops before the command on a bad environment, naming the variable, exit 1', async () => {
    let ran = false;
    const { proc, done } = cli(['serve'], { serve: async () => void (ran = true) }, () => {
      throw new ConfigError('ANALYTICS_PORT: must be a port number, 0 to 65535 (got "x")');
    });
    await done;
    expect(ran).toBe(false);
    expect(proc.err).toBe('[analytics] serve failed: ANALYTICS_PORT: must be a port number, 0 to 65535 (got "x")\n');
    expect(proc.exits).toEqual([1]);
  });

  it('reports a failed command in one line, exit 1', async () => {
    const { proc, done } = cli(['seed'], {
      seed: async () => {
        throw new Error('no channels');
      },
    });
    await done;
    expect(proc.err).toBe('[analytics] seed failed: no channels\n');
    expect(proc.exits).toEqual([1]);
  });
});

describe('serviceLog', () => {
  it('writes one tagged line', () => {
    const proc = new TestProcess([]);
    serviceLog('server', proc)('listening');
    expect(proc.out).toBe('[server] listening\n');
  });
});

describe('stopOnSignals', () => {
  it('stops once on SIGTERM or SIGINT, then exits 0', async () => {
    const proc = new TestProcess([]);
    let stops = 0;
    let finish!: () => void;
    stopOnSignals(() => new Promise<void>((resolve) => ((stops += 1), (finish = resolve))), { tag: 'server', process: proc });
    proc.emit('SIGTERM');
    proc.emit('SIGINT');
    expect(stops).toBe(1);
    expect(proc.exits).toEqual([]);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(proc.exits).toEqual([0]);
    // Listened to once each: a second signal is Node's again.
    expect(proc.listenerCount('SIGTERM')).toBe(0);
    expect(proc.listenerCount('SIGINT')).toBe(0);
  });

  it('reports a failed stop and exits 1', async () => {
    const proc = new TestProcess([]);
    stopOnSignals(async () => Promise.reject(new Error('store did not close')), { tag: 'analytics', process: proc });
    proc.emit('SIGINT');
    await new Promise((resolve) => setImmediate(resolve));
    expect(proc.err).toBe('[analytics] stop failed: store did not close\n');
    expect(proc.exits).toEqual([1]);
  });

  it('ends a real process cleanly on SIGTERM, after its stop has run', async () => {
    const kit = join(import.meta.dirname, 'cli.ts');
    const script = `import { stopOnSignals } from ${JSON.stringify(kit)};
      const keepAlive = setInterval(() => {}, 60_000);
      stopOnSignals(async () => { clearInterval(keepAlive); process.stdout.write('stopped\\n'); }, { tag: 'test' });
      process.stdout.write('ready\\n');`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out === 'ready\n') child.kill('SIGTERM');
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(out).toBe('ready\nstopped\n');
    expect(code).toBe(0);
  });
});
