import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/support/ports.ts';

/** Debian installs the server binaries under /usr/lib/postgresql/<major>/bin; the newest wins. */
export function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  majors.sort((a, b) => Number(b) - Number(a));
  if (majors.length === 0) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) were not found under /usr/lib/postgresql/*/bin. ' +
        "Install Debian's package `postgresql` (apt-get install -y postgresql), or set TEST_DATABASE_URL to a server you can create databases on.",
    );
  }
  return join(root, majors[0]!, 'bin');
}

export interface ThrowawayPostgres {
  /** The `postgres` database as its superuser: create the databases the tests use here. */
  adminUrl: string;
  stop(): void;
}

/** util-linux's runuser sits in sbin, which a plain user's PATH (and CI's) may not include. */
function findRunuser(): string {
  const found = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((path) => existsSync(path));
  if (!found) throw new Error('Running the PostgreSQL tests as root needs runuser (Debian package util-linux) to start the cluster as the postgres user.');
  return found;
}

/**
 * A throwaway PostgreSQL in a temp dir (the server tests', the cluster's): unix socket only, no
 * fsync, removed when stopped. Several processes reach it through the socket's folder.
 */
export async function startPostgres(): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'grandstand-pg-'));
  const dataDir = join(dir, 'data');
  // initdb refuses to run as root: run the cluster as Debian's `postgres` user, who must own the dir.
  const asRoot = process.getuid?.() === 0;
  const runuser = asRoot ? findRunuser() : '';
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? [runuser, ['-u', 'postgres', '--', join(bin, command), ...args]] : [join(bin, command), args];
    execFileSync(file, argv, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses= -c fsync=off -c full_page_writes=off`, 'start']);
  return {
    // The query `host` (the socket dir) overrides the URL host in pg; the URL keeps a host so URL() parses it.
    adminUrl: `postgresql://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
