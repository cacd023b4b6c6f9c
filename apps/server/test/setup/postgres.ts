import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { databaseUrl, startPostgres, type ThrowawayPostgres } from '../../cluster/postgres.ts';
import { openDatabase } from '../../src/core/db/connect.ts';
import { prepareTemplate } from './seedTemplate.ts';

export { databaseUrl };

export default async function setup(project: TestProject) {
  const cluster: ThrowawayPostgres = process.env.TEST_DATABASE_URL ? { adminUrl: process.env.TEST_DATABASE_URL, stop() {} } : await startPostgres();
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
