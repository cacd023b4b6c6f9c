import {
  type ConsolePoll,
  type ConsolePopup,
  type CreatePopupBody,
  ENGAGEMENT_CODES,
  type OpenPollBody,
  type PollAnswer,
  type PopupOffer,
  type PopupPage,
  type UpdatePopupBody,
  type ViewerPoll,
  type ViewerPopup,
} from '@grandstand/contract';
import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../core/db/schema.ts';
import { type ConsoleActor, recordAudit } from '../operators/index.ts';
import type { PollsTable, PopupsTable } from './tables.ts';
import { Refusal } from '../../core/refusal.ts';

/** A refusal the routes answer as `{ message, field, code }`. */
export class EngagementProblem extends Refusal {
  override name = 'EngagementProblem';
  declare readonly code: string;
}

type PollRow = Omit<Selectable<PollsTable>, 'channel_id'>;
type PopupRow = Omit<Selectable<PopupsTable>, 'channel_id' | 'created_at'>;

/** The result of the one poll read: its answers with their votes. */
interface Tally {
  poll: PollRow;
  answers: PollAnswer[];
  total: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Answers kept for a moment per instance: an event's poll and a channel's popups are asked for
 * every few seconds by every open page, so a crowd costs one database read per key and moment,
 * whoever asks and however many (a school's viewers behind one address included). A write on
 * this instance drops its key at once; other instances' answers are at most `ttlMs` old.
 */
export class MomentCache<T> {
  readonly #entries = new Map<string, { at: number; value: Promise<T> }>();
  /** How many reads reached the database (the flood test counts them). */
  loads = 0;
  readonly ttlMs: number;
  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry && now - entry.at < this.ttlMs) return entry.value;
    this.loads += 1;
    const value = load();
    this.#entries.set(key, { at: now, value });
    // A failed read is not kept: the next ask tries again.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    // Bounded: entries of events no longer asked for go once the map grows.
    if (this.#entries.size > 10_000) for (const [k, e] of this.#entries) if (now - e.at >= this.ttlMs) this.#entries.delete(k);
    return value;
  }
  drop(key: string): void {
    this.#entries.delete(key);
  }
}

export class EngagementRepository {
  readonly polls: MomentCache<Tally | null | 'unknown'>;
  readonly popups: MomentCache<PopupRow[]>;

  readonly #db: Database;
  constructor(db: Database, cacheMs: number) {
    this.#db = db;
    this.polls = new MomentCache(cacheMs);
    this.popups = new MomentCache(cacheMs);
  }

  // ---- polls ----

  async #tallies(db: Database, polls: PollRow[]): Promise<Tally[]> {
    if (polls.length === 0) return [];
    const counts = await db
      .selectFrom('poll_votes')
      .select(['poll_id', 'answer', db.fn.countAll<string>().as('votes')])
      .where(
        'poll_id',
        'in',
        polls.map((p) => p.id),
      )
      .groupBy(['poll_id', 'answer'])
      .execute();
    return polls.map((poll) => {
      const answers = poll.answers.map((label, index) => ({ index, label, votes: Number(counts.find((c) => c.poll_id === poll.id && c.answer === index)?.votes ?? 0) }));
      return { poll, answers, total: answers.reduce((sum, a) => sum + a.votes, 0) };
    });
  }

  #pollColumns = ['id', 'event_id', 'question', 'answers', 'status', 'opened_at', 'opened_by', 'closed_at'] as const;

  static toConsole({ poll, answers, total }: Tally): ConsolePoll {
    return {
      id: poll.id,
      eventId: poll.event_id,
      question: poll.question,
      status: poll.status === 'open' ? 'open' : 'closed',
      answers,
      totalVotes: total,
      openedAt: iso(poll.opened_at),
      openedBy: poll.opened_by,
      closedAt: poll.closed_at === null ? null : iso(poll.closed_at),
    };
  }

  static toViewer({ poll, answers, total }: Tally, myAnswer: number | null): ViewerPoll {
    return { id: poll.id, event_id: poll.event_id, question: poll.question, status: poll.status === 'open' ? 'open' : 'closed', answers, total_votes: total, my_answer: myAnswer };
  }

  async #event(db: Database, channelId: number, eventId: number, viewer: boolean): Promise<void> {
    let query = db.selectFrom('events').select('id').where('id', '=', eventId).where('channel_id', '=', channelId);
    // An unpublished event is as unknown to viewers as a missing one; another channel's is to everyone.
    if (viewer) query = query.where('published', '=', true);
    if (!(await query.executeTakeFirst())) throw new EngagementProblem(404, 'id', ENGAGEMENT_CODES.eventNotFound, 'Event not found.');
  }

  async #exists(channelId: number, eventId: number): Promise<boolean> {
    return this.#event(this.#db, channelId, eventId, true).then(
      () => true,
      (error: unknown) => {
        if (error instanceof EngagementProblem) return false;
        throw error;
      },
    );
  }

  /** An event's polls, newest first, with their results. */
  async pollsOf(channelId: number, eventId: number): Promise<ConsolePoll[]> {
    await this.#event(this.#db, channelId, eventId, false);
    const rows = await this.#db.selectFrom('polls').select(this.#pollColumns).where('channel_id', '=', channelId).where('event_id', '=', eventId).orderBy('id', 'desc').execute();
    return (await this.#tallies(this.#db, rows)).map(EngagementRepository.toConsole);
  }

  /** Opens a poll on an event: refused while another of its polls is open. */
  async openPoll(actor: ConsoleActor, eventId: number, body: z.output<typeof OpenPollBody>): Promise<ConsolePoll> {
    const poll = await this.#db
      .transaction()
      .execute(async (tx) => {
        await this.#event(tx, actor.channelId, eventId, false);
        const row = await tx
          .insertInto('polls')
          .values({ channel_id: actor.channelId, event_id: eventId, question: body.question, answers: JSON.stringify(body.answers), opened_by: actor.label })
          .returning(this.#pollColumns)
          .executeTakeFirstOrThrow();
        await recordAudit(tx, { actor, action: 'poll.open', subject: `poll:${row.id}`, before: null, after: { eventId, question: body.question, answers: body.answers } });
        return row;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new EngagementProblem(409, 'id', ENGAGEMENT_CODES.pollOpen, 'This event already has an open poll: close it first.');
        throw error;
      });
    this.polls.drop(`${actor.channelId}:${eventId}`);
    return EngagementRepository.toConsole({ poll, answers: poll.answers.map((label, index) => ({ index, label, votes: 0 })), total: 0 });
  }

  /** Closes a poll: its results are frozen (no vote is taken after) and kept with the event. */
  async closePoll(actor: ConsoleActor, pollId: number): Promise<ConsolePoll> {
    const tally = await this.#db.transaction().execute(async (tx) => {
      const before = await tx.selectFrom('polls').select(this.#pollColumns).where('id', '=', pollId).where('channel_id', '=', actor.channelId).forUpdate().executeTakeFirst();
      if (!before) throw new EngagementProblem(404, 'id', ENGAGEMENT_CODES.pollNotFound, 'Poll not found.');
      if (before.status !== 'open') throw new EngagementProblem(409, 'id', ENGAGEMENT_CODES.pollClosed, 'This poll is already closed.');
      const row = await tx.updateTable('polls').set({ status: 'closed', closed_at: sql<Date>`now()` }).where('id', '=', pollId).returning(this.#pollColumns).executeTakeFirstOrThrow();
      const [closed] = await this.#tallies(tx, [row]);
      await recordAudit(tx, { actor, action: 'poll.close', subject: `poll:${pollId}`, before: { status: 'open' }, after: { status: 'closed', totalVotes: closed!.total, answers: closed!.answers } });
      return closed!;
    });
    this.polls.drop(`${actor.channelId}:${tally.poll.event_id}`);
    return EngagementRepository.toConsole(tally);
  }

  /** What viewers of an event see: its open poll, else the last one closed; null when it has none. */
  async viewerPoll(channelId: number, eventId: number, userId: number | null): Promise<ViewerPoll | null> {
    // An unknown event is kept as such for the moment too: asking for one without end costs nothing more.
    const tally = await this.polls.get(`${channelId}:${eventId}`, async () => {
      if (!(await this.#exists(channelId, eventId))) return 'unknown';
      const row = await this.#db
        .selectFrom('polls')
        .select(this.#pollColumns)
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .orderBy(sql`status = 'open'`, 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? ((await this.#tallies(this.#db, [row]))[0] ?? null) : null;
    });
    if (tally === 'unknown') throw new EngagementProblem(404, 'id', ENGAGEMENT_CODES.eventNotFound, 'Event not found.');
    if (!tally) return null;
    return EngagementRepository.toViewer(tally, userId === null ? null : await this.#myAnswer(tally.poll.id, userId));
  }

  async #myAnswer(pollId: number, userId: number): Promise<number | null> {
    const row = await this.#db.selectFrom('poll_votes').select('answer').where('poll_id', '=', pollId).where('user_id', '=', userId).executeTakeFirst();
    return row?.answer ?? null;
  }

  /**
   * A logged-in viewer's vote, once per poll: the poll's row is read FOR SHARE, so a close waits for
   * the vote in progress and a vote after the close sees it closed; a second vote (another tab,
   * another instance) is refused by the votes' unique key, not by a read before the write.
   */
  async vote(channelId: number, userId: number, pollId: number, answer: number): Promise<ViewerPoll> {
    const eventId = await this.#db.transaction().execute(async (tx) => {
      const poll = await tx.selectFrom('polls').select(['id', 'event_id', 'answers', 'status']).where('id', '=', pollId).where('channel_id', '=', channelId).forShare().executeTakeFirst();
      // Another channel's poll is as unknown as a missing one (architecture: multi-tenancy).
      if (!poll) throw new EngagementProblem(404, 'id', ENGAGEMENT_CODES.pollNotFound, 'Poll not found.');
      if (poll.status !== 'open') throw new EngagementProblem(409, 'id', ENGAGEMENT_CODES.pollClosed, 'This poll is closed.');
      if (answer >= poll.answers.length) throw new EngagementProblem(422, 'answer', ENGAGEMENT_CODES.badAnswer, `Choose one of the ${poll.answers.length} answers.`);
      const inserted = await tx.insertInto('poll_votes').values({ poll_id: pollId, user_id: userId, answer }).onConflict((c) => c.columns(['poll_id', 'user_id']).doNothing()).returning('id').executeTakeFirst();
      if (!inserted) throw new EngagementProblem(409, 'id', ENGAGEMENT_CODES.alreadyVoted, 'You have already voted in this poll.');
      return poll.event_id;
    });
    this.polls.drop(`${channelId}:${eventId}`);
    const poll = await this.viewerPoll(channelId, eventId, userId);
    return poll!;
  }

  // ---- popups ----

  #popupColumns = ['id', 'title', 'text', 'link', 'audience', 'offer_type', 'offer_id', 'pages', 'starts_at', 'ends_at', 'updated_at'] as const;

  /** The offers a popup can be for: the channel's packages and subscriptions. */
  async offers(db: Database, channelId: number): Promise<PopupOffer[]> {
    const [packages, subscriptions] = await Promise.all([
      db.selectFrom('packages').select(['id', 'name']).where('channel_id', '=', channelId).orderBy('id').execute(),
      db.selectFrom('subscriptions').select(['id', 'name']).where('channel_id', '=', channelId).orderBy('id').execute(),
    ]);
    return [...packages.map((p) => ({ type: 'package' as const, ...p })), ...subscriptions.map((s) => ({ type: 'subscription' as const, ...s }))];
  }

  #toConsole(row: PopupRow, offers: PopupOffer[], dismissals: number, now: number): ConsolePopup {
    const starts = new Date(row.starts_at).getTime();
    const ends = new Date(row.ends_at).getTime();
    return {
      id: row.id,
      title: row.title,
      text: row.text,
      link: row.link,
      audience: row.audience as ConsolePopup['audience'],
      offer: row.offer_type === null ? null : (offers.find((o) => o.type === row.offer_type && o.id === row.offer_id) ?? { type: row.offer_type as PopupOffer['type'], id: row.offer_id!, name: '' }),
      pages: row.pages as PopupPage[],
      startsAt: iso(row.starts_at),
      endsAt: iso(row.ends_at),
      state: now < starts ? 'scheduled' : now < ends ? 'showing' : 'ended',
      dismissals,
      updatedAt: iso(row.updated_at),
    };
  }

  async popupsOf(channelId: number): Promise<{ popups: ConsolePopup[]; offers: PopupOffer[] }> {
    const [rows, offers] = await Promise.all([this.#db.selectFrom('popups').select(this.#popupColumns).where('channel_id', '=', channelId).orderBy('id', 'desc').execute(), this.offers(this.#db, channelId)]);
    const counts =
      rows.length === 0
        ? []
        : await this.#db
            .selectFrom('popup_dismissals')
            .select(['popup_id', this.#db.fn.countAll<string>().as('n')])
            .where(
              'popup_id',
              'in',
              rows.map((r) => r.id),
            )
            .groupBy('popup_id')
            .execute();
    const now = Date.now();
    return { popups: rows.map((row) => this.#toConsole(row, offers, Number(counts.find((c) => c.popup_id === row.id)?.n ?? 0), now)), offers };
  }

  async #checked(db: Database, channelId: number, values: z.output<typeof CreatePopupBody>) {
    if (new Date(values.endsAt).getTime() <= new Date(values.startsAt).getTime()) throw new EngagementProblem(422, 'endsAt', ENGAGEMENT_CODES.invalid, 'The end must come after the start.');
    if (values.audience !== 'holders') return { type: null, id: null };
    if (!values.offer) throw new EngagementProblem(422, 'offer', ENGAGEMENT_CODES.offerNotFound, 'Choose the offer whose holders see this popup.');
    const offer = (await this.offers(db, channelId)).find((o) => o.type === values.offer!.type && o.id === values.offer!.id);
    if (!offer) throw new EngagementProblem(422, 'offer', ENGAGEMENT_CODES.offerNotFound, 'No such offer on this channel.');
    return { type: offer.type, id: offer.id };
  }

  async #one(db: Database, channelId: number, id: number): Promise<PopupRow | undefined> {
    return db.selectFrom('popups').select(this.#popupColumns).where('id', '=', id).where('channel_id', '=', channelId).executeTakeFirst();
  }

  async #consoleOne(db: Database, channelId: number, id: number): Promise<ConsolePopup> {
    const row = await this.#one(db, channelId, id);
    const dismissals = await db.selectFrom('popup_dismissals').select(db.fn.countAll<string>().as('n')).where('popup_id', '=', id).executeTakeFirstOrThrow();
    return this.#toConsole(row!, await this.offers(db, channelId), Number(dismissals.n), Date.now());
  }

  async createPopup(actor: ConsoleActor, body: z.output<typeof CreatePopupBody>): Promise<ConsolePopup> {
    const popup = await this.#db.transaction().execute(async (tx) => {
      const offer = await this.#checked(tx, actor.channelId, body);
      const row = await tx
        .insertInto('popups')
        .values({
          channel_id: actor.channelId,
          title: body.title,
          text: body.text,
          link: body.link ?? null,
          audience: body.audience,
          offer_type: offer.type,
          offer_id: offer.id,
          pages: JSON.stringify([...new Set(body.pages)]),
          starts_at: body.startsAt,
          ends_at: body.endsAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const popup = await this.#consoleOne(tx, actor.channelId, row.id);
      await recordAudit(tx, { actor, action: 'popup.create', subject: `popup:${row.id}`, before: null, after: popup });
      return popup;
    });
    this.popups.drop(String(actor.channelId));
    return popup;
  }

  async updatePopup(actor: ConsoleActor, id: number, body: z.output<typeof UpdatePopupBody>): Promise<ConsolePopup> {
    const popup = await this.#db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('popups').select(this.#popupColumns).where('id', '=', id).where('channel_id', '=', actor.channelId).forUpdate().executeTakeFirst();
      if (!row) throw new EngagementProblem(404, 'id', ENGAGEMENT_CODES.popupNotFound, 'Popup not found.');
      const before = await this.#consoleOne(tx, actor.channelId, id);
      const merged = {
        title: body.title ?? row.title,
        text: body.text ?? row.text,
        link: body.link === undefined ? row.link : body.link,
        audience: body.audience ?? (row.audience as ConsolePopup['audience']),
        offer: body.offer === undefined ? (row.offer_type === null ? null : { type: row.offer_type as PopupOffer['type'], id: row.offer_id! }) : body.offer,
        pages: body.pages ?? (row.pages as PopupPage[]),
        startsAt: body.startsAt ?? iso(row.starts_at),
        endsAt: body.endsAt ?? iso(row.ends_at),
      };
      const offer = await this.#checked(tx, actor.channelId, merged);
      await tx
        .updateTable('popups')
        .set({
          title: merged.title,
          text: merged.text,
          link: merged.link,
          audience: merged.audience,
          offer_type: offer.type,
          offer_id: offer.id,
          pages: JSON.stringify([...new Set(merged.pages)]),
          starts_at: merged.startsAt,
          ends_at: merged.endsAt,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
      const after = await this.#consoleOne(tx, actor.channelId, id);
      await recordAudit(tx, { actor, action: 'popup.update', subject: `popup:${id}`, before, after });
      return after;
    });
    this.popups.drop(String(actor.channelId));
    return popup;
  }

  async deletePopup(actor: ConsoleActor, id: number): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      if (!(await this.#one(tx, actor.channelId, id))) throw new EngagementProblem(404, 'id', ENGAGEMENT_CODES.popupNotFound, 'Popup not found.');
      const before = await this.#consoleOne(tx, actor.channelId, id);
      await tx.deleteFrom('popups').where('id', '=', id).where('channel_id', '=', actor.channelId).execute();
      await recordAudit(tx, { actor, action: 'popup.delete', subject: `popup:${id}`, before, after: null });
    });
    this.popups.drop(String(actor.channelId));
  }

  /**
   * The popups that show now on `page` to this viewer (spec §7): the channel's current ones from the
   * moment's cache, then the audience and the viewer's dismissals, read only when one is left to show.
   */
  async viewerPopups(channelId: number, userId: number | null, page: PopupPage | undefined): Promise<ViewerPopup[]> {
    const current = await this.popups.get(String(channelId), () =>
      this.#db
        .selectFrom('popups')
        .select(this.#popupColumns)
        .where('channel_id', '=', channelId)
        .where('starts_at', '<=', sql<Date>`now()`)
        .where('ends_at', '>', sql<Date>`now()`)
        .orderBy('starts_at')
        .orderBy('id')
        .execute(),
    );
    const now = Date.now();
    let shown = current.filter(
      (p) =>
        new Date(p.starts_at).getTime() <= now &&
        new Date(p.ends_at).getTime() > now &&
        (page === undefined || p.pages.includes(page)) &&
        (p.audience === 'visitors' ? userId === null : userId !== null),
    );
    if (userId !== null && shown.length > 0) {
      const ids = shown.map((p) => p.id);
      const dismissed = new Set((await this.#db.selectFrom('popup_dismissals').select('popup_id').where('user_id', '=', userId).where('popup_id', 'in', ids).execute()).map((r) => r.popup_id));
      shown = shown.filter((p) => !dismissed.has(p.id));
      const forHolders = shown.filter((p) => p.audience === 'holders');
      if (forHolders.length > 0) {
        const held = await this.#db
          .selectFrom('orders')
          .select(['type', 'product_id'])
          .where('channel_id', '=', channelId)
          .where('user_id', '=', userId)
          .where('status', '=', 'paid')
          .where('activity_status', '=', 'active')
          .where('type', 'in', ['package', 'subscription'])
          .execute();
        shown = shown.filter((p) => p.audience !== 'holders' || held.some((o) => o.type === p.offer_type && o.product_id === p.offer_id));
      }
    }
    return shown.map((p) => ({ id: p.id, title: p.title, text: p.text, link: p.link, ends_at: iso(p.ends_at) }));
  }

  /** A logged-in viewer's dismissal: that popup never shows to them again. */
  async dismiss(channelId: number, userId: number, popupId: number): Promise<void> {
    if (!(await this.#one(this.#db, channelId, popupId))) throw new EngagementProblem(404, 'id', ENGAGEMENT_CODES.popupNotFound, 'Popup not found.');
    await this.#db.insertInto('popup_dismissals').values({ popup_id: popupId, user_id: userId }).onConflict((c) => c.columns(['popup_id', 'user_id']).doNothing()).execute();
  }
}
