import { sql } from 'kysely';
import { createUsersRepository, hashPassword } from '../accounts/index.ts';
import { addMissingOperators, seedOperators } from '../operators/seed.ts';
import type { DataChangedBus } from '../../core/buses.ts';
import type { Database, DatabaseSchema } from '../../core/db/schema.ts';
import type { ChannelFolder } from '../../core/channels/loadChannels.ts';
import { type ImportedChannel, importChannels } from './import.ts';
import type { ChannelSeed } from '../../core/channels/seedSchema.ts';
import { ensureSingleOffer, needsSingleOffer } from '../schedule/index.ts';
import { searchDocument, searchLanguageOf, searchTitle } from '../vod/rules.ts';
import type { Language } from '@grandstand/contract';

/**
 * Tables holding a channel's demo data that a re-seed replaces wholesale, children before parents
 * so it can delete in this order without tripping foreign keys. Nothing outside the seed points at
 * their rows. api_keys and users are not demo data and survive a re-seed.
 */
export const DEMO_TABLES = [
  // The on-demand library, rails before their items before their categories.
  'vod_rail_items',
  'vod_rails',
  'vod_media_items',
  'vod_media_categories',
  'prerolls',
  'slides',
  'menu_items',
  'pages',
  'faq_items',
  'custom_forms',
  // Offers; orders and transactions are viewers' purchases and survive a re-seed.
  'packages',
  'subscriptions',
  'coupons',
] as const satisfies readonly (keyof DatabaseSchema)[];

/**
 * Tables a re-seed updates row by row, by the seed's own reference (`seed_ref`), parents first:
 * orders, clips, follows and the control room's events point at their rows, so their ids stay. A
 * row the control room made (origin `console`) is never touched, nor an event an operator changed.
 */
export const SEEDED_ROW_TABLES = ['event_categories', 'event_locations', 'participant_groups', 'participants', 'events'] as const satisfies readonly (keyof DatabaseSchema)[];
type SeededRowTable = (typeof SEEDED_ROW_TABLES)[number];

type Tx = Database;

/** A channel and the demo data its folder brought. */
export type SeedableChannel = Pick<ImportedChannel, 'id' | 'config' | 'seed'>;

/**
 * Creates or updates a channel row per folder (slug is the identity, `import.ts`) so the ids stay
 * stable across restarts and api keys keep working. An app's `dataChanged`, given, drops its caches.
 */
export async function upsertChannels(db: Database, folders: readonly ChannelFolder[], dataChanged?: DataChangedBus): Promise<ImportedChannel[]> {
  const imported = await importChannels(db, folders);
  dataChanged?.emit(null);
  return imported;
}

function lookup(map: Map<string, number>, ref: string | null, what: string, slug: string): number | null {
  if (ref === null) return null;
  const id = map.get(ref);
  if (id === undefined) throw new Error(`channels/${slug}/seed.json: unknown ${what} ref "${ref}"`);
  return id;
}

/** Inserts rows whose parent may come later in the array: parents first, whatever the order. */
async function insertTree<T extends { ref: string; parent: string | null }>(
  items: readonly T[],
  insert: (item: T, parentId: number | null) => Promise<number>,
  ids: Map<string, number>,
  what: string,
  slug: string,
): Promise<void> {
  let pending = [...items];
  while (pending.length > 0) {
    const ready = pending.filter((item) => item.parent === null || ids.has(item.parent));
    if (ready.length === 0) throw new Error(`channels/${slug}/seed.json: ${what} "${pending[0]?.ref}" has an unknown or circular parent`);
    for (const item of ready) ids.set(item.ref, await insert(item, item.parent === null ? null : (ids.get(item.parent) ?? null)));
    pending = pending.filter((item) => !ready.includes(item));
  }
}

/**
 * A seeded row by its ref: updated as the seed says when it exists, inserted when not; its id.
 * The control room's rows have no ref, so a seed never reaches them.
 */
async function upsertSeeded(tx: Tx, table: Exclude<SeededRowTable, 'events'>, channelId: number, ref: string, values: Record<string, unknown>): Promise<number> {
  const row = await tx
    .insertInto(table)
    .values({ ...values, channel_id: channelId, origin: 'seed', seed_ref: ref } as never)
    .onConflict((oc) => oc.columns(['channel_id', 'seed_ref']).doUpdateSet(values as never))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Rows seeded before seeds kept their refs (origin seed, no ref) take the ref of the seed's item
 * of the same name, first come first served in id order (the order they were seeded in), so the
 * first re-seed after the upgrade keeps their ids too. What matches nothing is removed as before.
 */
async function adoptUnreferenced(tx: Tx, table: SeededRowTable, channelId: number, items: readonly { ref: string; name: string }[]): Promise<void> {
  const rows = await tx.selectFrom(table).select(['id', 'name']).where('channel_id', '=', channelId).where('origin', '=', 'seed').where('seed_ref', 'is', null).orderBy('id').execute();
  if (rows.length === 0) return;
  const taken = new Set((await tx.selectFrom(table).select('seed_ref').where('channel_id', '=', channelId).where('seed_ref', 'is not', null).execute()).map((r) => r.seed_ref));
  for (const item of items) {
    if (taken.has(item.ref)) continue;
    const at = rows.findIndex((row) => row.name === item.name);
    if (at < 0) continue;
    const [row] = rows.splice(at, 1);
    await tx.updateTable(table).set({ seed_ref: item.ref }).where('id', '=', row!.id).execute();
    taken.add(item.ref);
  }
}

/** Removes the seed's rows of a table that the seed no longer has (an event an operator changed stays). */
async function removeUnseeded(tx: Tx, table: SeededRowTable, channelId: number, refs: readonly string[]): Promise<void> {
  let query = tx.deleteFrom(table).where('channel_id', '=', channelId).where('origin', '=', 'seed');
  if (refs.length > 0) query = query.where((eb) => eb.or([eb('seed_ref', 'is', null), eb('seed_ref', 'not in', [...refs])]));
  if (table === 'events') query = query.where(sql.ref('changed_at'), 'is', null);
  await query.execute();
}

async function insertSeed(tx: Tx, channelId: number, slug: string, language: Language, seed: ChannelSeed, now: Date): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const categories = new Map<string, number>();
  const locations = new Map<string, number>();
  const groups = new Map<string, number>();
  const participants = new Map<string, number>();
  const pages = new Map<string, number>();
  const events = new Map<string, number>();

  await adoptUnreferenced(tx, 'event_categories', channelId, seed.eventCategories);
  await adoptUnreferenced(tx, 'event_locations', channelId, seed.locations);
  await adoptUnreferenced(tx, 'participant_groups', channelId, seed.participantGroups);
  await adoptUnreferenced(tx, 'participants', channelId, seed.participants);
  await adoptUnreferenced(tx, 'events', channelId, seed.events);
  await insertTree(
    seed.eventCategories,
    (c, parentId) => upsertSeeded(tx, 'event_categories', channelId, c.ref, { parent_id: parentId, name: c.name, alias: c.alias, position: seed.eventCategories.indexOf(c) }),
    categories,
    'event category',
    slug,
  );
  for (const l of seed.locations) {
    locations.set(l.ref, await upsertSeeded(tx, 'event_locations', channelId, l.ref, { name: l.name, city: l.city, state: l.state, country: l.country }));
  }
  for (const g of seed.participantGroups) {
    groups.set(g.ref, await upsertSeeded(tx, 'participant_groups', channelId, g.ref, { name: g.name, alias: g.alias, image: g.image, city: g.city, state: g.state }));
  }
  await insertTree(
    seed.participants,
    (p, parentId) =>
      upsertSeeded(tx, 'participants', channelId, p.ref, {
        parent_id: parentId,
        participant_group_id: lookup(groups, p.group, 'participant group', slug),
        name: p.name,
        short_name: p.short_name,
        alias: p.alias,
        color: p.color,
        logo: null,
        cover: null,
        gender: p.gender,
        sport_category_id: lookup(categories, p.sport, 'event category', slug),
      }),
    participants,
    'participant',
    slug,
  );
  for (const p of seed.pages) {
    const row = await tx.insertInto('pages').values({ channel_id: channelId, url: p.url, name: p.name, alt_name: p.alt_name, content: p.content }).returning('id').executeTakeFirstOrThrow();
    pages.set(p.ref, row.id);
  }
  // An event an operator changed is theirs now: the seed keeps its hands off (and its id for the slides).
  const seededEvents = await tx.selectFrom('events').select(['id', 'seed_ref', 'changed_at']).where('channel_id', '=', channelId).where('seed_ref', 'is not', null).execute();
  const existingEvents = new Map(seededEvents.map((row) => [row.seed_ref, row]));
  for (const e of seed.events) {
    const existing = existingEvents.get(e.ref);
    if (existing && existing.changed_at !== null) {
      events.set(e.ref, existing.id);
      continue;
    }
    // Times are relative to now so live stays live and upcoming stays upcoming after a re-seed.
    const start = nowSeconds + e.starts_in_minutes * 60;
    const values = {
      name: e.name,
      type: e.type,
      access_type: e.access_type,
      event_utc_ts: start,
      end_utc_ts: start + e.duration_minutes * 60,
      time_zone: e.time_zone,
      stream_status: e.stream_status,
      event_category_id: lookup(categories, e.category, 'event category', slug),
      location_id: lookup(locations, e.location, 'location', slug),
      base_price: e.base_price,
      service_fee: e.service_fee,
      image: e.image,
      homepage: e.homepage,
      published: true,
      cancelled_at: null,
      prerolls: true,
      school_id: null,
      custom_name: true,
    };
    let id: number;
    if (existing) {
      id = existing.id;
      await tx.updateTable('events').set(values).where('id', '=', id).execute();
      await tx.deleteFrom('event_participants').where('event_id', '=', id).execute();
    } else {
      id = (await tx.insertInto('events').values({ ...values, channel_id: channelId, origin: 'seed', seed_ref: e.ref }).returning('id').executeTakeFirstOrThrow()).id;
    }
    events.set(e.ref, id);
    for (const side of ['home', 'away'] as const) {
      const participantId = lookup(participants, e[side], 'participant', slug);
      if (participantId !== null) await tx.insertInto('event_participants').values({ channel_id: channelId, event_id: id, participant_id: participantId, side }).execute();
    }
  }
  // Children first: an event before the teams, schools, sports and venues it names.
  await removeUnseeded(tx, 'events', channelId, seed.events.map((e) => e.ref));
  await removeUnseeded(tx, 'participants', channelId, seed.participants.map((p) => p.ref));
  await removeUnseeded(tx, 'participant_groups', channelId, seed.participantGroups.map((g) => g.ref));
  await removeUnseeded(tx, 'event_categories', channelId, seed.eventCategories.map((c) => c.ref));
  await removeUnseeded(tx, 'event_locations', channelId, seed.locations.map((l) => l.ref));
  for (const [position, m] of seed.menu.entries()) {
    await tx
      .insertInto('menu_items')
      .values({
        channel_id: channelId,
        title: m.title,
        type: m.type,
        placement: m.placement,
        position,
        url: m.url,
        page_id: lookup(pages, m.page, 'page', slug),
        participant_group_id: lookup(groups, m.participant_group, 'participant group', slug),
        vod_media_id: m.vod_media_id,
      })
      .execute();
  }
  const slidables: Record<string, Map<string, number> | undefined> = { event: events, participant: participants, participant_group: groups, event_category: categories };
  for (const [position, s] of seed.slides.entries()) {
    const map = slidables[s.slidable_type];
    await tx
      .insertInto('slides')
      .values({
        channel_id: channelId,
        title: s.title,
        subtitle: s.subtitle,
        image: s.image,
        slidable_type: s.slidable_type,
        slidable_id: map ? lookup(map, s.slidable, s.slidable_type, slug) : null,
        url: s.url,
        position,
      })
      .execute();
  }
  for (const [position, f] of seed.faq.entries()) {
    await tx.insertInto('faq_items').values({ channel_id: channelId, question: f.question, answer: f.answer, position }).execute();
  }
  for (const form of seed.customForms) {
    await tx.insertInto('custom_forms').values({ channel_id: channelId, alias: form.alias, title: form.title, fields: JSON.stringify(form.fields) }).execute();
  }
  for (const p of seed.prerolls) {
    await tx
      .insertInto('prerolls')
      .values({
        channel_id: channelId,
        url: p.url,
        weight: p.weight,
        location_id: lookup(locations, p.location, 'location', slug),
        event_category_ids: JSON.stringify(p.categories.map((ref) => lookup(categories, ref, 'event category', slug))),
        for_vod: p.for_vod,
        for_live: p.for_live,
      })
      .execute();
  }
  // The control room's offers stay (the re-seed left them): the seed's version of one it took over is not put back.
  const kept = async (table: 'packages' | 'subscriptions' | 'coupons') =>
    new Set((await tx.selectFrom(table).select('seed_ref').where('channel_id', '=', channelId).where('origin', '=', 'console').execute()).map((row) => row.seed_ref));
  const keptPackages = await kept('packages');
  const keptSubscriptions = await kept('subscriptions');
  const takenCodes = new Set((await tx.selectFrom('coupons').select('code').where('channel_id', '=', channelId).execute()).map((row) => row.code.toLowerCase()));
  for (const [position, p] of seed.packages.entries()) {
    if (keptPackages.has(p.name)) continue;
    await tx
      .insertInto('packages')
      .values({
        channel_id: channelId,
        seed_ref: p.name,
        name: p.name,
        description: p.description,
        scope: p.scope,
        is_team_pass: p.is_team_pass,
        event_category_ids: JSON.stringify(p.categories.map((ref) => lookup(categories, ref, 'event category', slug))),
        participant_ids: JSON.stringify(p.participants.map((ref) => lookup(participants, ref, 'participant', slug))),
        base_price: p.base_price,
        service_fee: p.service_fee,
        offer: p.offer,
        period: p.period,
        weight: p.weight,
        position,
        capabilities: JSON.stringify(p.capabilities),
        is_basic: p.basic,
        quota: p.quota,
      })
      .execute();
  }
  for (const s of seed.subscriptions) {
    if (keptSubscriptions.has(s.name)) continue;
    await tx
      .insertInto('subscriptions')
      .values({ channel_id: channelId, seed_ref: s.name, name: s.name, description: s.description, base_price: s.base_price, service_fee: s.service_fee, offer: s.offer, period: s.period, trial_period: s.trial_period, weight: s.weight, capabilities: JSON.stringify(s.capabilities) })
      .execute();
  }
  for (const c of seed.coupons) {
    // A code is unique in the channel: the control room's (made or taken over) wins.
    if (takenCodes.has(c.code.toLowerCase())) continue;
    await tx
      .insertInto('coupons')
      .values({
        channel_id: channelId,
        seed_ref: c.code.toLowerCase(),
        code: c.code,
        percent_off: c.percent_off,
        amount_off: c.amount_off,
        applies_to: c.applies_to,
        expires_at: c.expires_in_days === null ? null : new Date(now.getTime() + c.expires_in_days * 86_400_000),
        max_redemptions: c.max_redemptions,
      })
      .execute();
  }
  // The offers were replaced: a paid event of the control room's keeps a single-event offer to be bought through.
  if (await needsSingleOffer(tx, channelId)) await ensureSingleOffer(tx, channelId);
  await seedUsers(tx, channelId, seed.users);
  await seedOperators(tx, channelId, seed.operators);
  await insertVod(tx, channelId, slug, language, seed.vod);
  await tx
    .updateTable('channels')
    .set({ settings: JSON.stringify(seed.settings), color_settings: JSON.stringify(seed.colorSettings), seeded_at: now })
    .where('id', '=', channelId)
    .execute();
}

/** The on-demand library (spec §3): categories in order, items with their search document, rails in order. */
async function insertVod(tx: Tx, channelId: number, slug: string, language: Language, vod: ChannelSeed['vod']): Promise<void> {
  const categories = new Map<string, number>();
  const items = new Map<string, number>();
  const search = searchLanguageOf(language);
  for (const [position, c] of vod.categories.entries()) {
    const row = await tx.insertInto('vod_media_categories').values({ channel_id: channelId, name: c.name, alias: c.alias, position }).returning('id').executeTakeFirstOrThrow();
    categories.set(c.ref, row.id);
  }
  for (const item of vod.items) {
    const row = await tx
      .insertInto('vod_media_items')
      .values({
        channel_id: channelId,
        ref: item.ref,
        title: item.title,
        description: item.description,
        date: item.date,
        category_id: lookup(categories, item.category, 'vod category', slug),
        access: item.access,
        duration: item.duration,
        search_document: searchDocument(search, item.title, item.description),
        search_title: searchTitle(item.title),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    items.set(item.ref, row.id);
  }
  for (const [position, rail] of vod.rails.entries()) {
    const row = await tx.insertInto('vod_rails').values({ channel_id: channelId, title: rail.title, position }).returning('id').executeTakeFirstOrThrow();
    for (const [index, ref] of rail.items.entries()) {
      const itemId = lookup(items, ref, 'vod item', slug);
      if (itemId !== null) await tx.insertInto('vod_rail_items').values({ channel_id: channelId, rail_id: row.id, item_id: itemId, position: index }).execute();
    }
  }
}

/**
 * Demo viewers: created, or put back as the seed says (password, names, verified, temporary
 * password, capabilities) when a viewer of that address exists, so a re-seed restores the demo accounts. Other
 * users and every session are left alone.
 */
async function seedUsers(tx: Tx, channelId: number, users: ChannelSeed['users']): Promise<void> {
  const repository = createUsersRepository(tx);
  for (const user of users) {
    const passwordHash = await hashPassword(user.password);
    const existing = await repository.findByEmail(channelId, user.email);
    if (!existing) {
      const created = await repository.create({ channelId, email: user.email, passwordHash, firstName: user.first_name, lastName: user.last_name, verified: user.verified, temporaryPassword: user.temporary_password });
      if (user.capabilities.length > 0) await tx.updateTable('users').set({ capabilities: JSON.stringify(user.capabilities) }).where('id', '=', created.id).execute();
      continue;
    }
    await tx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        first_name: user.first_name,
        last_name: user.last_name,
        temporary_password: user.temporary_password,
        email_verified_at: user.verified ? (existing.email_verified_at ?? new Date()) : null,
        // Only a seed that names capabilities sets them: what the account holds otherwise is not the seed's.
        ...(user.capabilities.length > 0 ? { capabilities: JSON.stringify(user.capabilities) } : {}),
      })
      .where('channel_id', '=', channelId)
      .where('id', '=', existing.id)
      .execute();
  }
}

/**
 * Puts a channel's demo data back as its seed says, times relative to `now`, in one transaction:
 * readers see the old data or the new, never half. The seed's teams, schools, sports, venues and
 * events keep their ids; what the control room made, and every seed event an operator changed,
 * stay as they are. Api keys, users and orders survive. An app's `dataChanged`, given, drops what
 * its caches hold of the channel.
 */
export async function seedChannel(db: Database, channel: SeedableChannel, now: Date = new Date(), dataChanged?: DataChangedBus): Promise<void> {
  const { seed } = channel;
  if (!seed) return;
  await db.transaction().execute(async (tx) => {
    for (const table of DEMO_TABLES) {
      // The offers the control room made or changed are the channel's own, not demo data.
      if (table === 'packages' || table === 'subscriptions' || table === 'coupons') await tx.deleteFrom(table).where('channel_id', '=', channel.id).where('origin', '=', 'seed').execute();
      else await tx.deleteFrom(table).where('channel_id', '=', channel.id).execute();
    }
    await insertSeed(tx, channel.id, channel.config.slug, channel.config.language, seed, now);
  });
  dataChanged?.emit(channel.id);
}

/** Seeds the channels that have a seed but no demo data yet (first start). */
export async function seedMissing(db: Database, channels: readonly SeedableChannel[], now: Date = new Date()): Promise<string[]> {
  const seeded: string[] = [];
  for (const channel of channels) {
    if (!channel.seed) continue;
    const row = await db.selectFrom('channels').select(sql<boolean>`seeded_at is not null`.as('seeded')).where('id', '=', channel.id).executeTakeFirst();
    if (row?.seeded) {
      // Demo operators came to the seeds after some databases were seeded: those get them now.
      await addMissingOperators(db, channel.id, channel.seed.operators);
      continue;
    }
    await seedChannel(db, channel, now);
    seeded.push(channel.config.slug);
  }
  return seeded;
}
