import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import {
  simAccounts,
  simFiles,
  simFriendRequests,
  simGroupMembers,
  simGroups,
  simLogins,
  simMessages,
  simMoments,
  simPeople,
  simSettings,
} from '../../db/schema/simulator.ts';
import { Batcher } from '../../platform/batcher.ts';
import { preparedSql, rowsOf, tableRowsFromJson } from '../../platform/db.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { MomentDto } from '@cst/gateway';

// The only place with SQL on the sim_* tables. These rows are the simulated platform's own
// state (not tenant data); every query is keyed by the account (phone) it belongs to.

export type SimAccountRow = typeof simAccounts.$inferSelect;
/** An account's row (after its counter moved) and the counter's value taken for the caller. */
export interface AccountWithSeq {
  account: SimAccountRow | null;
  seq: number;
}
export type SimPersonRow = typeof simPeople.$inferSelect;
/** A batched lookup: an account's counter taken (with its row), or a person read. */
type Lookup = { seq: string } | { person: [string, string] };
export type SimGroupRow = typeof simGroups.$inferSelect;
export type SimMemberRow = typeof simGroupMembers.$inferSelect;
export type SimMessageRow = typeof simMessages.$inferSelect;
export type SimMessageInsert = typeof simMessages.$inferInsert;
export type SimFileRow = typeof simFiles.$inferSelect;
export type SimFriendRequestRow = typeof simFriendRequests.$inferSelect;
export type SimMomentRow = typeof simMoments.$inferSelect;
export type SimLoginRow = typeof simLogins.$inferSelect;

const CHUNK = 500;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Statements of the simulator's batched reads and writes, built once per shape. */
const simStatement = preparedSql();

/** Repository of the simulated world. */
export class SimulatorRepository {
  // The hot lookups and inserts of arriving traffic go out in batches (platform/batcher.ts): a
  // burst over many accounts costs a few queries per turn of the event loop instead of a few per
  // message. Inside a transaction they run one by one.
  private readonly accountLoader: Batcher<string, SimAccountRow | null> | null;
  private readonly lookupLoader: Batcher<Lookup, AccountWithSeq | SimPersonRow | null> | null;
  private readonly messageWriter: Batcher<
    typeof simMessages.$inferInsert,
    SimMessageRow | null
  > | null;
  private readonly deliveredWriter: Batcher<[string, number], null> | null;

  constructor(
    private readonly db: DbOrTx,
    batched = true,
  ) {
    this.accountLoader = batched ? new Batcher((w) => this.accountsByWxid(w)) : null;
    this.lookupLoader = batched ? new Batcher((l) => this.lookups(l)) : null;
    this.messageWriter = batched ? new Batcher((rows) => this.insertMessageRows(rows)) : null;
    this.deliveredWriter = batched ? new Batcher((p) => this.advanceDelivered(p)) : null;
  }

  /** Notes that the console has taken an account's message `seq` (the cursor never goes back). */
  async markDelivered(wxid: string, seq: number): Promise<void> {
    if (this.deliveredWriter) await this.deliveredWriter.call([wxid, seq]);
    else await this.advanceDelivered([[wxid, seq]]);
  }

  private async advanceDelivered(pairs: [string, number][]): Promise<null[]> {
    const most = new Map<string, number>();
    for (const [w, seq] of pairs) most.set(w, Math.max(most.get(w) ?? 0, seq));
    // Arrays, not a VALUES list: one statement text for any number of accounts.
    await simStatement(
      this.db,
      'delivered',
      () => sql`
        update sim_accounts a set delivered_seq = greatest(a.delivered_seq, v.seq)
        from unnest(${sql.placeholder('w')}::text[], ${sql.placeholder('seq')}::bigint[])
          as v(wxid, seq)
        where a.wxid = v.wxid`,
      { w: [...most.keys()], seq: [...most.values()] },
    );
    return pairs.map(() => null);
  }

  /**
   * Messages that reached the account from outside (contacts, groups, its phone) after the last
   * one the console took, oldest first. The console's own sends are answered by receipts instead.
   */
  async undelivered(wxid: string, limit: number): Promise<SimMessageRow[]> {
    return this.db
      .select()
      .from(simMessages)
      .where(
        and(
          eq(simMessages.accountWxid, wxid),
          isNull(simMessages.requestId),
          sql`${simMessages.seq} > (select delivered_seq from sim_accounts where wxid = ${wxid})`,
        ),
      )
      .orderBy(asc(simMessages.seq))
      .limit(limit);
  }

  /** Runs a function in one transaction. */
  transaction<T>(fn: (repo: SimulatorRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new SimulatorRepository(tx, false)));
  }

  // ---- settings ----

  /** A stored setting, or null. */
  async getSetting<T>(key: string): Promise<T | null> {
    const rows = await this.db.select().from(simSettings).where(eq(simSettings.key, key));
    return (rows[0]?.value as T | undefined) ?? null;
  }

  /** Settings whose key starts with a prefix (of letters and ':' only). */
  async settingsWithPrefix<T>(prefix: string): Promise<{ key: string; value: T }[]> {
    if (!/^[a-z:]+$/i.test(prefix)) throw new Error('unexpected settings prefix');
    const rows = await this.db
      .select()
      .from(simSettings)
      .where(like(simSettings.key, `${prefix}%`));
    return rows.map((r) => ({ key: r.key, value: r.value as T }));
  }

  /** Stores a setting. */
  async putSetting(key: string, value: unknown): Promise<void> {
    await this.db
      .insert(simSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: simSettings.key, set: { value } });
  }

  // ---- accounts ----

  /** Inserts an account; false when the wxid exists. */
  async insertAccount(row: typeof simAccounts.$inferInsert): Promise<boolean> {
    const res = await this.db.insert(simAccounts).values(row).onConflictDoNothing().returning();
    return res.length > 0;
  }

  /** An account by wxid. */
  async getAccount(wxid: string): Promise<SimAccountRow | null> {
    if (this.accountLoader) return this.accountLoader.call(wxid);
    return (await this.accountsByWxid([wxid]))[0]!;
  }

  private async accountsByWxid(wxids: string[]): Promise<(SimAccountRow | null)[]> {
    const rows = await this.db
      .select()
      .from(simAccounts)
      .where(inArray(simAccounts.wxid, [...new Set(wxids)]));
    const by = new Map(rows.map((r) => [r.wxid, r]));
    return wxids.map((w) => by.get(w) ?? null);
  }

  /** An account read now, past the batched loader (after a change in this turn). */
  async freshAccount(wxid: string): Promise<SimAccountRow> {
    const row = (await this.accountsByWxid([wxid]))[0];
    if (!row) throw new Error(`unknown account ${wxid}`);
    return row;
  }

  /** Updates an account. */
  async updateAccount(wxid: string, patch: Partial<SimAccountRow>): Promise<void> {
    await this.db.update(simAccounts).set(patch).where(eq(simAccounts.wxid, wxid));
  }

  /** Takes the next value of an account's counter. */
  async nextSeq(wxid: string): Promise<number> {
    return (await this.accountWithSeq(wxid)).seq;
  }

  /**
   * An account's row and the next value of its counter, taken in one statement (an arriving
   * message needs both: they were two of the five statements of each batch). `account` is
   * null (and `seq` 0) when there is no such account.
   */
  async accountWithSeq(wxid: string): Promise<AccountWithSeq> {
    if (this.lookupLoader) return this.lookupLoader.call({ seq: wxid }) as Promise<AccountWithSeq>;
    return (await this.seqsAndPeople([wxid], []))[0][0]!;
  }

  /** The batch of {@link accountWithSeq}'s and {@link getPerson}'s calls: one statement. */
  private async lookups(list: Lookup[]): Promise<(AccountWithSeq | SimPersonRow | null)[]> {
    const wxids: string[] = [];
    const keys: [string, string][] = [];
    for (const l of list) {
      if ('seq' in l) wxids.push(l.seq);
      else keys.push(l.person);
    }
    const [taken, people] = await this.seqsAndPeople(wxids, keys);
    let t = 0;
    let p = 0;
    return list.map((l) => ('seq' in l ? taken[t++]! : people[p++]!));
  }

  /**
   * Advances the counters of several accounts at once, with their rows after it (each caller
   * gets its own number), and reads people by (account, wxid), in one statement: an arriving
   * message needs its account, a number and its writer, which were three statements a batch.
   */
  private async seqsAndPeople(
    wxids: string[],
    keys: [string, string][],
  ): Promise<[AccountWithSeq[], (SimPersonRow | null)[]]> {
    const wanted = new Map<string, number>();
    for (const w of wxids) wanted.set(w, (wanted.get(w) ?? 0) + 1);
    const [first] = rowsOf<{
      accounts: Record<string, unknown>[];
      people: Record<string, unknown>[];
    }>(
      await simStatement(
        this.db,
        'seqsAndPeople',
        // The exact pairs of people: every account's people by every wxid asked would read their
        // product. Arrays, not a VALUES list: one statement text for any number of either.
        () => sql`
          with taken as (
            update sim_accounts a set seq = a.seq + v.n
            from unnest(${sql.placeholder('w')}::text[], ${sql.placeholder('n')}::int[]) as v(wxid, n)
            where a.wxid = v.wxid
            returning a.*)
          select (select coalesce(json_agg(taken), '[]'::json) from taken) as accounts,
            (select coalesce(json_agg(p), '[]'::json) from ${simPeople} p
             join (select distinct a, w from unnest(${sql.placeholder('pa')}::text[],
               ${sql.placeholder('pw')}::text[]) as k(a, w)) k
               on p.account_wxid = k.a and p.wxid = k.w) as people`,
        {
          w: [...wanted.keys()],
          n: [...wanted.values()],
          pa: keys.map((k) => k[0]),
          pw: keys.map((k) => k[1]),
        },
      ),
    );
    const rows = tableRowsFromJson(simAccounts, first?.accounts ?? []);
    const by = new Map(rows.map((r) => [r.wxid, r]));
    // Hand out each account's reserved range in call order: first caller gets the lowest number.
    const next = new Map(rows.map((r) => [r.wxid, r.seq - wanted.get(r.wxid)! + 1]));
    const taken = wxids.map((w) => {
      const n = next.get(w);
      if (n === undefined) return { account: null, seq: 0 };
      next.set(w, n + 1);
      return { account: by.get(w)!, seq: n };
    });
    const found = new Map(
      tableRowsFromJson(simPeople, first?.people ?? []).map((r) => [
        `${r.accountWxid}\n${r.wxid}`,
        r,
      ]),
    );
    return [taken, keys.map(([a, w]) => found.get(`${a}\n${w}`) ?? null)];
  }

  /** How many accounts exist. */
  async countAccounts(): Promise<number> {
    const rows = await this.db.select({ n: count() }).from(simAccounts);
    return Number(rows[0]?.n ?? 0);
  }

  /** Accounts (optionally only some), oldest first. */
  async listAccounts(wxids?: string[]): Promise<SimAccountRow[]> {
    if (wxids && wxids.length === 0) return [];
    const q = this.db.select().from(simAccounts);
    const rows = wxids ? await q.where(inArray(simAccounts.wxid, wxids)) : await q;
    return rows.sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Friend and group counts per account. */
  async worldCounts(wxids: string[]): Promise<Map<string, { friends: number; groups: number }>> {
    const out = new Map<string, { friends: number; groups: number }>();
    if (wxids.length === 0) return out;
    for (const w of wxids) out.set(w, { friends: 0, groups: 0 });
    const f = await this.db
      .select({ w: simPeople.accountWxid, n: count() })
      .from(simPeople)
      .where(and(inArray(simPeople.accountWxid, wxids), eq(simPeople.isFriend, true)))
      .groupBy(simPeople.accountWxid);
    for (const r of f) out.get(r.w)!.friends = Number(r.n);
    const g = await this.db
      .select({ w: simGroups.accountWxid, n: count() })
      .from(simGroups)
      .where(and(inArray(simGroups.accountWxid, wxids), eq(simGroups.active, true)))
      .groupBy(simGroups.accountWxid);
    for (const r of g) out.get(r.w)!.groups = Number(r.n);
    return out;
  }

  // ---- people ----

  /** Inserts people (existing ones are kept). */
  async insertPeople(rows: (typeof simPeople.$inferInsert)[]): Promise<void> {
    await insertChunked(rows, (chunk) =>
      this.db.insert(simPeople).values(chunk).onConflictDoNothing(),
    );
  }

  /** A person known to an account. */
  async getPerson(accountWxid: string, wxid: string): Promise<SimPersonRow | null> {
    if (this.lookupLoader) {
      return this.lookupLoader.call({
        person: [accountWxid, wxid],
      }) as Promise<SimPersonRow | null>;
    }
    return (await this.seqsAndPeople([], [[accountWxid, wxid]]))[1][0]!;
  }

  /** People known to an account by wxid. */
  async getPeople(accountWxid: string, wxids: string[]): Promise<SimPersonRow[]> {
    if (wxids.length === 0) return [];
    return this.db
      .select()
      .from(simPeople)
      .where(and(eq(simPeople.accountWxid, accountWxid), inArray(simPeople.wxid, wxids)));
  }

  /**
   * A person takes a new id (the platform's re-identification): their row, their messages and
   * group memberships move to `newWxid`, the old id kept as their alias; when `newWxid` is known
   * already, the old row goes into it. One transaction.
   */
  async renamePerson(
    accountWxid: string,
    wxid: string,
    newWxid: string,
  ): Promise<SimPersonRow | null> {
    return this.db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(simPeople)
        .where(and(eq(simPeople.accountWxid, accountWxid), eq(simPeople.wxid, wxid)))
        .returning();
      if (!gone) return null;
      const [row] = await tx
        .insert(simPeople)
        .values({ ...gone, wxid: newWxid, alias: wxid })
        .onConflictDoUpdate({
          target: [simPeople.accountWxid, simPeople.wxid],
          set: { alias: wxid, isFriend: sql`${simPeople.isFriend} or excluded.is_friend` },
        })
        .returning();
      await tx
        .update(simMessages)
        .set({ peerId: newWxid })
        .where(and(eq(simMessages.accountWxid, accountWxid), eq(simMessages.peerId, wxid)));
      await tx
        .update(simGroupMembers)
        .set({ wxid: newWxid })
        .where(
          and(
            eq(simGroupMembers.accountWxid, accountWxid),
            eq(simGroupMembers.wxid, wxid),
            sql`not exists (select 1 from sim_group_members x where x.account_wxid = ${accountWxid}
              and x.group_id = ${simGroupMembers.groupId} and x.wxid = ${newWxid})`,
          ),
        );
      return row ?? null;
    });
  }

  /** A person by wxid or alias (exact). */
  async findPerson(accountWxid: string, keyword: string): Promise<SimPersonRow | null> {
    const rows = await this.db
      .select()
      .from(simPeople)
      .where(
        and(
          eq(simPeople.accountWxid, accountWxid),
          or(eq(simPeople.wxid, keyword), eq(simPeople.alias, keyword)),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  }

  /** The account's friends, by when they were added. */
  async listFriends(accountWxid: string): Promise<SimPersonRow[]> {
    return this.db
      .select()
      .from(simPeople)
      .where(and(eq(simPeople.accountWxid, accountWxid), eq(simPeople.isFriend, true)))
      .orderBy(asc(simPeople.addedAt), asc(simPeople.wxid));
  }

  /** How many friends the account has. */
  async countFriends(accountWxid: string): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(simPeople)
      .where(and(eq(simPeople.accountWxid, accountWxid), eq(simPeople.isFriend, true)));
    return Number(rows[0]?.n ?? 0);
  }

  /** The friend at a position of the stable (wxid) order. */
  async friendAt(accountWxid: string, offset: number): Promise<SimPersonRow | null> {
    const rows = await this.db
      .select()
      .from(simPeople)
      .where(and(eq(simPeople.accountWxid, accountWxid), eq(simPeople.isFriend, true)))
      .orderBy(asc(simPeople.wxid))
      .limit(1)
      .offset(offset);
    return rows[0] ?? null;
  }

  /** People the account asked to add and who have not answered yet. */
  async pendingAdds(accountWxid: string): Promise<SimPersonRow[]> {
    return this.db
      .select()
      .from(simPeople)
      .where(
        and(
          eq(simPeople.accountWxid, accountWxid),
          eq(simPeople.isFriend, false),
          isNotNull(simPeople.addRequestedAt),
        ),
      );
  }

  /** Updates a person. */
  async updatePerson(accountWxid: string, wxid: string, patch: Partial<SimPersonRow>) {
    await this.db
      .update(simPeople)
      .set(patch)
      .where(and(eq(simPeople.accountWxid, accountWxid), eq(simPeople.wxid, wxid)));
  }

  // ---- groups ----

  /** Inserts groups. */
  async insertGroups(rows: (typeof simGroups.$inferInsert)[]): Promise<void> {
    await insertChunked(rows, (chunk) =>
      this.db.insert(simGroups).values(chunk).onConflictDoNothing(),
    );
  }

  /** Inserts members (existing ones are kept). */
  async insertMembers(rows: (typeof simGroupMembers.$inferInsert)[]): Promise<void> {
    await insertChunked(rows, (chunk) =>
      this.db.insert(simGroupMembers).values(chunk).onConflictDoNothing(),
    );
  }

  /** A group of an account. */
  async getGroup(accountWxid: string, groupId: string): Promise<SimGroupRow | null> {
    const rows = await this.db
      .select()
      .from(simGroups)
      .where(and(eq(simGroups.accountWxid, accountWxid), eq(simGroups.groupId, groupId)));
    return rows[0] ?? null;
  }

  /** Groups the account is in, with member counts. */
  async listGroups(accountWxid: string): Promise<(SimGroupRow & { memberCount: number })[]> {
    const groups = await this.db
      .select()
      .from(simGroups)
      .where(and(eq(simGroups.accountWxid, accountWxid), eq(simGroups.active, true)))
      .orderBy(asc(simGroups.createdAt), asc(simGroups.groupId));
    const counts = await this.db
      .select({ g: simGroupMembers.groupId, n: count() })
      .from(simGroupMembers)
      .where(eq(simGroupMembers.accountWxid, accountWxid))
      .groupBy(simGroupMembers.groupId);
    const byGroup = new Map(counts.map((c) => [c.g, Number(c.n)]));
    return groups.map((g) => ({ ...g, memberCount: byGroup.get(g.groupId) ?? 0 }));
  }

  /** Updates a group. */
  async updateGroup(accountWxid: string, groupId: string, patch: Partial<SimGroupRow>) {
    await this.db
      .update(simGroups)
      .set(patch)
      .where(and(eq(simGroups.accountWxid, accountWxid), eq(simGroups.groupId, groupId)));
  }

  /** Members of a group with their person rows (null for the account itself). */
  async listMembers(
    accountWxid: string,
    groupId: string,
  ): Promise<{ member: SimMemberRow; person: SimPersonRow | null }[]> {
    const rows = await this.db
      .select({ member: simGroupMembers, person: simPeople })
      .from(simGroupMembers)
      .leftJoin(
        simPeople,
        and(
          eq(simPeople.accountWxid, simGroupMembers.accountWxid),
          eq(simPeople.wxid, simGroupMembers.wxid),
        ),
      )
      .where(
        and(eq(simGroupMembers.accountWxid, accountWxid), eq(simGroupMembers.groupId, groupId)),
      )
      .orderBy(asc(simGroupMembers.joinedAt), asc(simGroupMembers.wxid));
    return rows;
  }

  /** One member of a group. */
  async getMember(accountWxid: string, groupId: string, wxid: string) {
    const rows = await this.db
      .select()
      .from(simGroupMembers)
      .where(
        and(
          eq(simGroupMembers.accountWxid, accountWxid),
          eq(simGroupMembers.groupId, groupId),
          eq(simGroupMembers.wxid, wxid),
        ),
      );
    return rows[0] ?? null;
  }

  /** Removes members from a group. */
  async deleteMembers(accountWxid: string, groupId: string, wxids: string[]): Promise<void> {
    if (wxids.length === 0) return;
    await this.db
      .delete(simGroupMembers)
      .where(
        and(
          eq(simGroupMembers.accountWxid, accountWxid),
          eq(simGroupMembers.groupId, groupId),
          inArray(simGroupMembers.wxid, wxids),
        ),
      );
  }

  /** Sets a member's group card. */
  async setMemberCard(accountWxid: string, groupId: string, wxid: string, card: string) {
    await this.db
      .update(simGroupMembers)
      .set({ card })
      .where(
        and(
          eq(simGroupMembers.accountWxid, accountWxid),
          eq(simGroupMembers.groupId, groupId),
          eq(simGroupMembers.wxid, wxid),
        ),
      );
  }

  /** Sets the muted flag of members. */
  async setMembersBanned(accountWxid: string, groupId: string, wxids: string[], banned: boolean) {
    if (wxids.length === 0) return;
    await this.db
      .update(simGroupMembers)
      .set({ banned })
      .where(
        and(
          eq(simGroupMembers.accountWxid, accountWxid),
          eq(simGroupMembers.groupId, groupId),
          inArray(simGroupMembers.wxid, wxids),
        ),
      );
  }

  // ---- messages ----

  /** Inserts a message; with a requestId already used, returns the existing one instead. */
  async insertMessage(
    row: typeof simMessages.$inferInsert,
  ): Promise<{ row: SimMessageRow; duplicate: boolean }> {
    const inserted = this.messageWriter
      ? await this.messageWriter.call(row)
      : (await this.insertMessageRows([row]))[0]!;
    if (inserted) return { row: inserted, duplicate: false };
    const existing = row.requestId
      ? await this.getMessageByRequest(row.accountWxid, row.requestId)
      : await this.getMessage(row.accountWxid, row.msgId);
    if (!existing) throw new Error('message insert conflicted but nothing was found');
    return { row: existing, duplicate: true };
  }

  /** Inserts messages in one statement; null for a row that conflicted with an existing one. */
  private async insertMessageRows(
    rows: (typeof simMessages.$inferInsert)[],
  ): Promise<(SimMessageRow | null)[]> {
    // One array per column: one statement text whatever the batch (parsed and planned once),
    // where a row of values made a new statement of each batch, with a parameter per value.
    const col = <K extends keyof typeof simMessages.$inferInsert>(k: K) =>
      rows.map((r) => r[k] ?? null);
    const [first] = rowsOf<{ page: Record<string, unknown>[] }>(
      await insertMessagesStatement(
        this.db,
        'rows',
        () => sql`
          with ins as (
            insert into ${simMessages} (account_wxid, msg_id, request_id, talk_type, peer_id,
              from_self, member_wxid, msg_type, content, file_id, status, error, transcript,
              mentions, revoked, created_at)
            select v.account_wxid, v.msg_id, v.request_id, v.talk_type, v.peer_id, v.from_self,
              v.member_wxid, v.msg_type, v.content, v.file_id, v.status, v.error, v.transcript,
              v.mentions::jsonb, coalesce(v.revoked, false), v.created_at
            from unnest(${sql.placeholder('account')}::text[], ${sql.placeholder('msgId')}::text[],
              ${sql.placeholder('requestId')}::text[], ${sql.placeholder('talkType')}::int[],
              ${sql.placeholder('peerId')}::text[], ${sql.placeholder('fromSelf')}::boolean[],
              ${sql.placeholder('memberWxid')}::text[], ${sql.placeholder('msgType')}::int[],
              ${sql.placeholder('content')}::text[], ${sql.placeholder('fileId')}::text[],
              ${sql.placeholder('status')}::text[], ${sql.placeholder('error')}::text[],
              ${sql.placeholder('transcript')}::text[], ${sql.placeholder('mentions')}::text[],
              ${sql.placeholder('revoked')}::boolean[], ${sql.placeholder('createdAt')}::bigint[])
              with ordinality as v(account_wxid, msg_id, request_id, talk_type, peer_id,
                from_self, member_wxid, msg_type, content, file_id, status, error, transcript,
                mentions, revoked, created_at, n)
            order by v.n
            on conflict do nothing
            returning *)
        select coalesce(json_agg(ins order by ins.seq), '[]'::json) as page from ins`,
        {
          account: col('accountWxid'),
          msgId: col('msgId'),
          requestId: col('requestId'),
          talkType: col('talkType'),
          peerId: col('peerId'),
          fromSelf: col('fromSelf'),
          memberWxid: col('memberWxid'),
          msgType: col('msgType'),
          content: col('content'),
          fileId: col('fileId'),
          status: col('status'),
          error: col('error'),
          transcript: col('transcript'),
          mentions: rows.map((r) => (r.mentions ? JSON.stringify(r.mentions) : null)),
          revoked: col('revoked'),
          createdAt: col('createdAt'),
        },
      ),
    );
    const inserted = tableRowsFromJson(simMessages, first?.page ?? []);
    const by = new Map(inserted.map((r) => [`${r.accountWxid}\n${r.msgId}`, r]));
    return rows.map((r) => {
      const key = `${r.accountWxid}\n${r.msgId}`;
      const hit = by.get(key) ?? null;
      by.delete(key); // a repeated row in one batch: the first one is inserted, the rest conflict
      return hit;
    });
  }

  /** A message by platform id. */
  async getMessage(accountWxid: string, msgId: string): Promise<SimMessageRow | null> {
    const rows = await this.db
      .select()
      .from(simMessages)
      .where(and(eq(simMessages.accountWxid, accountWxid), eq(simMessages.msgId, msgId)));
    return rows[0] ?? null;
  }

  /** A console message by its idempotency key. */
  async getMessageByRequest(accountWxid: string, requestId: string) {
    const rows = await this.db
      .select()
      .from(simMessages)
      .where(and(eq(simMessages.accountWxid, accountWxid), eq(simMessages.requestId, requestId)));
    return rows[0] ?? null;
  }

  /** Messages of an account by the console's requestIds. */
  async messagesByRequests(accountWxid: string, requestIds: string[]) {
    if (requestIds.length === 0) return new Map<string, SimMessageRow>();
    const rows = await this.db
      .select()
      .from(simMessages)
      .where(
        and(
          eq(simMessages.accountWxid, accountWxid),
          inArray(simMessages.requestId, [...new Set(requestIds)]),
        ),
      );
    return new Map(rows.map((r) => [r.requestId!, r]));
  }

  /** People of an account by wxid (one query), those known. */
  async peopleOf(accountWxid: string, wxids: string[]): Promise<Map<string, SimPersonRow>> {
    if (wxids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(simPeople)
      .where(
        and(eq(simPeople.accountWxid, accountWxid), inArray(simPeople.wxid, [...new Set(wxids)])),
      );
    return new Map(rows.map((r) => [r.wxid, r]));
  }

  /** Inserts messages in one statement, in order; null for a row that conflicted. */
  async insertMessagesNow(rows: (typeof simMessages.$inferInsert)[]) {
    if (rows.length === 0) return [];
    return this.insertMessageRows(rows);
  }

  /** Sets the status of messages of an account (receipts of a batch). */
  async setStatuses(accountWxid: string, msgIds: string[], status: string) {
    if (msgIds.length === 0) return;
    await this.db
      .update(simMessages)
      .set({ status })
      .where(and(eq(simMessages.accountWxid, accountWxid), inArray(simMessages.msgId, msgIds)));
  }

  /** Updates a message. */
  async updateMessage(accountWxid: string, msgId: string, patch: Partial<SimMessageRow>) {
    await this.db
      .update(simMessages)
      .set(patch)
      .where(and(eq(simMessages.accountWxid, accountWxid), eq(simMessages.msgId, msgId)));
  }

  /** Latest messages of a conversation (or of the account), newest first. */
  async recentMessages(accountWxid: string, peerId: string | null, limit: number) {
    const where = peerId
      ? and(eq(simMessages.accountWxid, accountWxid), eq(simMessages.peerId, peerId))
      : eq(simMessages.accountWxid, accountWxid);
    return this.db
      .select()
      .from(simMessages)
      .where(where)
      .orderBy(desc(simMessages.createdAt), desc(simMessages.seq))
      .limit(limit);
  }

  /** Console sends still waiting for delivery or read receipts. */
  async pendingReceipts(accountWxid: string): Promise<SimMessageRow[]> {
    return this.db
      .select()
      .from(simMessages)
      .where(
        and(
          eq(simMessages.accountWxid, accountWxid),
          isNotNull(simMessages.requestId),
          inArray(simMessages.status, ['sent', 'delivered']),
        ),
      );
  }

  // ---- files ----

  /** Records a made file. */
  async insertFile(row: typeof simFiles.$inferInsert): Promise<SimFileRow> {
    const rows = await this.db.insert(simFiles).values(row).returning();
    return rows[0]!;
  }

  /** A file by id. */
  async getFile(fileId: string): Promise<SimFileRow | null> {
    const rows = await this.db.select().from(simFiles).where(eq(simFiles.fileId, fileId));
    return rows[0] ?? null;
  }

  /** Files by id. */
  async getFiles(fileIds: string[]): Promise<SimFileRow[]> {
    if (fileIds.length === 0) return [];
    return this.db.select().from(simFiles).where(inArray(simFiles.fileId, fileIds));
  }

  // ---- friend requests ----

  /** Inserts a friend request. */
  async insertFriendRequest(row: typeof simFriendRequests.$inferInsert): Promise<void> {
    await this.db.insert(simFriendRequests).values(row).onConflictDoNothing();
  }

  /**
   * Inserts a sent request carrying an idempotency key; false when a request with that key
   * exists already (the key is unique per account, so two racing senders store one request).
   */
  async insertKeyedRequest(row: typeof simFriendRequests.$inferInsert): Promise<boolean> {
    const out = await this.db
      .insert(simFriendRequests)
      .values(row)
      .onConflictDoNothing()
      .returning({ requestId: simFriendRequests.requestId });
    return out.length > 0;
  }

  /** The sent request an account made under an idempotency key. */
  async requestByKey(accountWxid: string, idemKey: string) {
    const rows = await this.db
      .select()
      .from(simFriendRequests)
      .where(
        and(eq(simFriendRequests.accountWxid, accountWxid), eq(simFriendRequests.idemKey, idemKey)),
      );
    return rows[0] ?? null;
  }

  /** Friend requests an account received, newest first. */
  async listFriendRequests(accountWxid: string, limit = 200) {
    return this.db
      .select()
      .from(simFriendRequests)
      .where(
        and(eq(simFriendRequests.accountWxid, accountWxid), eq(simFriendRequests.direction, 'in')),
      )
      .orderBy(desc(simFriendRequests.createdAt))
      .limit(limit);
  }

  /** Requests the account sent to a person that are still unanswered, oldest first. */
  async pendingSentRequests(accountWxid: string, wxid: string) {
    return this.db
      .select()
      .from(simFriendRequests)
      .where(
        and(
          eq(simFriendRequests.accountWxid, accountWxid),
          eq(simFriendRequests.fromWxid, wxid),
          eq(simFriendRequests.direction, 'out'),
          eq(simFriendRequests.status, 'pending'),
        ),
      )
      .orderBy(asc(simFriendRequests.createdAt));
  }

  /** Answers every pending request the account sent to a person. */
  async answerSentRequests(accountWxid: string, wxid: string, status: string, reason: string) {
    await this.db
      .update(simFriendRequests)
      .set({ status, reason })
      .where(
        and(
          eq(simFriendRequests.accountWxid, accountWxid),
          eq(simFriendRequests.fromWxid, wxid),
          eq(simFriendRequests.direction, 'out'),
          eq(simFriendRequests.status, 'pending'),
        ),
      );
  }

  /**
   * What people received from these accounts since a time: messages the accounts sent (not
   * failed) and friend requests they sent, each oldest first (at most `limit` of each).
   */
  async receivedFrom(
    accountWxids: string[],
    opts: { peerWxid?: string; sinceMs?: number; limit: number },
  ) {
    if (accountWxids.length === 0) return { messages: [], requests: [] };
    const since = opts.sinceMs ?? 0;
    const messages = await this.db
      .select()
      .from(simMessages)
      .where(
        and(
          inArray(simMessages.accountWxid, accountWxids),
          eq(simMessages.fromSelf, true),
          sql`${simMessages.status} <> 'failed'`,
          sql`${simMessages.createdAt} >= ${since}`,
          opts.peerWxid ? eq(simMessages.peerId, opts.peerWxid) : undefined,
        ),
      )
      .orderBy(asc(simMessages.createdAt), asc(simMessages.seq))
      .limit(opts.limit);
    const requests = await this.db
      .select()
      .from(simFriendRequests)
      .where(
        and(
          inArray(simFriendRequests.accountWxid, accountWxids),
          eq(simFriendRequests.direction, 'out'),
          sql`${simFriendRequests.createdAt} >= ${since}`,
          opts.peerWxid ? eq(simFriendRequests.fromWxid, opts.peerWxid) : undefined,
        ),
      )
      .orderBy(asc(simFriendRequests.createdAt), asc(simFriendRequests.requestId))
      .limit(opts.limit);
    return { messages, requests };
  }

  /** One friend request. */
  async getFriendRequest(accountWxid: string, requestId: string) {
    const rows = await this.db
      .select()
      .from(simFriendRequests)
      .where(
        and(
          eq(simFriendRequests.accountWxid, accountWxid),
          eq(simFriendRequests.requestId, requestId),
        ),
      );
    return rows[0] ?? null;
  }

  /** Sets a friend request's status. */
  async setFriendRequestStatus(accountWxid: string, requestId: string, status: string) {
    await this.db
      .update(simFriendRequests)
      .set({ status })
      .where(
        and(
          eq(simFriendRequests.accountWxid, accountWxid),
          eq(simFriendRequests.requestId, requestId),
        ),
      );
  }

  // ---- moments ----

  /** Inserts a moment; with a requestId already used, returns the existing one. */
  async insertMoment(
    row: typeof simMoments.$inferInsert,
  ): Promise<{ row: SimMomentRow; duplicate: boolean }> {
    const inserted = await this.db.insert(simMoments).values(row).onConflictDoNothing().returning();
    if (inserted[0]) return { row: inserted[0], duplicate: false };
    const rows = await this.db
      .select()
      .from(simMoments)
      .where(
        and(
          eq(simMoments.accountWxid, row.accountWxid),
          row.requestId
            ? eq(simMoments.requestId, row.requestId)
            : eq(simMoments.momentId, row.momentId),
        ),
      );
    return { row: rows[0]!, duplicate: true };
  }

  /** Moments visible to the account, newest first. */
  async listMoments(
    accountWxid: string,
    opts: { authorWxid?: string; before?: number; limit: number },
  ): Promise<SimMomentRow[]> {
    const conds = [eq(simMoments.accountWxid, accountWxid)];
    if (opts.authorWxid) conds.push(eq(simMoments.authorWxid, opts.authorWxid));
    if (opts.before !== undefined) conds.push(lt(simMoments.createdAt, opts.before));
    return this.db
      .select()
      .from(simMoments)
      .where(and(...conds))
      .orderBy(desc(simMoments.createdAt), desc(simMoments.momentId))
      .limit(opts.limit);
  }

  /** Updates a moment. */
  async updateMoment(accountWxid: string, momentId: string, patch: Partial<SimMomentRow>) {
    await this.db
      .update(simMoments)
      .set(patch)
      .where(and(eq(simMoments.accountWxid, accountWxid), eq(simMoments.momentId, momentId)));
  }

  /** One moment the account sees. */
  async getMoment(accountWxid: string, momentId: string): Promise<SimMomentRow | null> {
    const rows = await this.db
      .select()
      .from(simMoments)
      .where(and(eq(simMoments.accountWxid, accountWxid), eq(simMoments.momentId, momentId)));
    return rows[0] ?? null;
  }

  /** Adds a like unless the person liked it already (one statement: no lost updates). */
  async addMomentLike(
    accountWxid: string,
    momentId: string,
    like: { wxid: string; name: string; at: number },
  ): Promise<boolean> {
    const res = await this.db.execute(sql`
      update sim_moments set likes = likes || jsonb_build_array(${JSON.stringify(like)}::jsonb)
      where account_wxid = ${accountWxid} and moment_id = ${momentId}
        and not exists (select 1 from jsonb_array_elements(likes) e where e->>'wxid' = ${like.wxid})
      returning moment_id`);
    return rowsOf(res).length > 0;
  }

  /** Removes a person's like. */
  async removeMomentLike(accountWxid: string, momentId: string, wxid: string): Promise<boolean> {
    const res = await this.db.execute(sql`
      update sim_moments
      set likes = coalesce(
        (select jsonb_agg(e) from jsonb_array_elements(likes) e where e->>'wxid' <> ${wxid}),
        '[]'::jsonb)
      where account_wxid = ${accountWxid} and moment_id = ${momentId}
        and exists (select 1 from jsonb_array_elements(likes) e where e->>'wxid' = ${wxid})
      returning moment_id`);
    return rowsOf(res).length > 0;
  }

  /** Adds a comment unless one with its id exists (idempotent); whether it was added. */
  async addMomentComment(
    accountWxid: string,
    momentId: string,
    comment: MomentDto['comments'][number],
  ): Promise<boolean> {
    const res = await this.db.execute(sql`
      update sim_moments
      set comments = comments || jsonb_build_array(${JSON.stringify(comment)}::jsonb)
      where account_wxid = ${accountWxid} and moment_id = ${momentId}
        and not exists (
          select 1 from jsonb_array_elements(comments) e
          where e->>'commentId' = ${comment.commentId})
      returning moment_id`);
    return rowsOf(res).length > 0;
  }

  // ---- logins ----

  /** Records a QR login. */
  async insertLogin(row: typeof simLogins.$inferInsert): Promise<SimLoginRow> {
    const rows = await this.db.insert(simLogins).values(row).returning();
    return rows[0]!;
  }

  /** A QR login. */
  async getLogin(loginId: string): Promise<SimLoginRow | null> {
    const rows = await this.db.select().from(simLogins).where(eq(simLogins.loginId, loginId));
    return rows[0] ?? null;
  }

  /** Moves a login from one of `from` states to `to`; false when it was in another state. */
  async transitionLogin(
    loginId: string,
    from: string[],
    patch: Partial<SimLoginRow> & { status: string },
  ): Promise<boolean> {
    const rows = await this.db
      .update(simLogins)
      .set(patch)
      .where(and(eq(simLogins.loginId, loginId), inArray(simLogins.status, from)))
      .returning({ id: simLogins.loginId });
    return rows.length > 0;
  }

  /** Logins waiting for a scan or a confirmation. */
  async openLogins(): Promise<SimLoginRow[]> {
    return this.db
      .select()
      .from(simLogins)
      .where(inArray(simLogins.status, ['issued', 'scanned']))
      .orderBy(asc(simLogins.createdAt));
  }
}

const insertMessagesStatement = preparedSql();
