import fp from 'fastify-plugin';
import type { ColumnType, Generated } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import type { CleanValues } from './validateSubmission.ts';

/** form_submissions (migration 0003): what viewers sent through a channel's custom form. */
export interface FormSubmissionsTable {
  id: Generated<number>;
  channel_id: number;
  form_alias: string;
  /** jsonb: written as a JSON string, read back parsed. */
  values: ColumnType<CleanValues, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Submissions are written by the key's channel only (architecture: multi-tenancy). */
export class FormSubmissionsRepository {
  readonly #db;

  constructor(db: Database) {
    // The table is this area's own: typed here rather than in the shared schema.
    this.#db = db.withTables<{ form_submissions: FormSubmissionsTable }>();
  }

  async insert(channelId: number, alias: string, values: CleanValues): Promise<number> {
    const row = await this.#db
      .insertInto('form_submissions')
      .values({ channel_id: channelId, form_alias: alias, values: JSON.stringify(values) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async list(channelId: number, alias: string): Promise<{ id: number; values: CleanValues; created_at: Date }[]> {
    return this.#db
      .selectFrom('form_submissions')
      .select(['id', 'values', 'created_at'])
      .where('channel_id', '=', channelId)
      .where('form_alias', '=', alias)
      .orderBy('id')
      .execute();
  }
}

/** `app.formSubmissionsRepository`: built once on the app's database. */
export default fp(
  async (app) => {
    app.decorate('formSubmissionsRepository', new FormSubmissionsRepository(app.db));
  },
  { name: 'form-submissions-repository', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    formSubmissionsRepository: FormSubmissionsRepository;
  }
}
