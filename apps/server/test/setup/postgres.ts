import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/core/db/connect.ts';
import { prepareTemplate } from './seedTemplate.ts';

/** Debian installs the server binaries under /usr/lib/postgresql/<major>/bin; the newest wins. */
function findPostgresBin(): string {
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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Cluster {
  adminUrl: string;
  stop(): void;
}

/** util-linux's runuser sits in sbin, which a plain user's PATH (and CI's) may not include. */
function findRunuser(): string {
  const found = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((path) => existsSync(path));
  if (!found) throw new Error('Running the PostgreSQL tests as root needs runuser (Debian package util-linux) to start the cluster as the postgres user.');
  return found;
}

/** A throwaway cluster in a temp dir: unix socket only, no fsync, removed at teardown. */
async function startCluster(): Promise<Cluster> {
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

export default async function setup(project: TestProject) {
  const cluster: Cluster = process.env.TEST_DATABASE_URL ? { adminUrl: process.env.TEST_DATABASE_URL, stop() {} } : await startCluster();
  const template = `grandstand_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const opened = await openDatabase({ kind: 'postgres', connectionString: databaseUrl(cluster.adminUrl, template) });
    await prepareTemplate(opened.db);
    // CREATE DATABASE ... TEMPLATE needs the template to have no connections.
    await opened.close();
  } catch (error) {
    await admin.end().catch(() => {});
    cluster.stop();
    throw error;
  }
  project.provide('postgresAdminUrl', cluster.adminUrl);
  project.provide('postgresTemplate', template);
  return async () => {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    } finally {
      cluster.stop();
    }
  };
}
