CREATE TABLE "stat_service_daily" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"seat_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"served" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"r_n" integer DEFAULT 0 NOT NULL,
	"r_ms" bigint DEFAULT 0 NOT NULL,
	"fr_n" integer DEFAULT 0 NOT NULL,
	"fr_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_service_daily_work_account_id_day_seat_id_pk" PRIMARY KEY("work_account_id","day","seat_id")
);
--> statement-breakpoint
CREATE TABLE "stat_service_open" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_service_open_work_account_id_day_pk" PRIMARY KEY("work_account_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_service_turns" (
	"conversation_id" uuid NOT NULL,
	"start_t" bigint NOT NULL,
	"start_id" bigint NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"n_in" integer NOT NULL,
	"reply_t" bigint,
	"reply_id" bigint,
	"seat" uuid,
	"first_of_day" boolean NOT NULL,
	CONSTRAINT "stat_service_turns_conversation_id_start_t_start_id_pk" PRIMARY KEY("conversation_id","start_t","start_id")
);
--> statement-breakpoint
CREATE INDEX "stat_service_daily_tenant_day" ON "stat_service_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_service_open_tenant" ON "stat_service_open" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "stat_service_turns_tenant" ON "stat_service_turns" USING btree ("tenant_id");--> statement-breakpoint
-- Hand-written (issue 20, the service report): a single chat's turns, the open ones per account
-- and day, and the per-seat daily figures, kept by a statement trigger on messages in the
-- statement that writes them, in the tenant's time zone; stat_rebuild_service(tenant) recomputes
-- them (the backfill calls it).
--
-- A write at position p (msg_time, id; the earliest of the rows it inserts, deletes or moves, old
-- and new places alike) can only change the turn under way at p and those after it: the chat's
-- turns from the last one beginning before p (if p comes before its answer; else from p itself)
-- are deleted and recomputed from the chat's messages from there on. An in-order message rereads
-- the open turn at most; history arriving out of order rereads the chat from its place.
--
-- The statement's changed rows, old and new versions ("ns": -1 a row that went, +1 one that
-- came), robots' left out. Sent messages and served chats per seat, chat and day follow from
-- whether the chat has such messages now and had before; the day rows take every delta of the
-- statement at once.
CREATE FUNCTION "stat_service_changes"("cs" uuid[], "ts" bigint[], "ids" bigint[],
  "sides" smallint[], "us" uuid[], "ns" int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Writers of one chat take turns (on PostgreSQL each then reads the other's messages).
  PERFORM 1 FROM "conversations" WHERE "id" = ANY("cs") AND "talk_type" = 1
  ORDER BY "id" FOR NO KEY UPDATE;
  WITH x AS (SELECT * FROM unnest("cs", "ts", "ids", "sides", "us", "ns") x(c, t, i, s, u, n)),
  p AS (SELECT DISTINCT ON (x.c) x.c, x.t, x.i FROM x ORDER BY x.c, x.t, x.i),
  w AS (
    SELECT p.c,
           CASE WHEN k."start_t" IS NOT NULL AND (k."reply_t" IS NULL
                  OR (k."reply_t", k."reply_id") >= (p.t, p.i)) THEN k."start_t" ELSE p.t END AS t,
           CASE WHEN k."start_t" IS NOT NULL AND (k."reply_t" IS NULL
                  OR (k."reply_t", k."reply_id") >= (p.t, p.i)) THEN k."start_id" ELSE p.i END AS i
    FROM p LEFT JOIN LATERAL (
      SELECT "start_t", "start_id", "reply_t", "reply_id" FROM "stat_service_turns" k
      WHERE k."conversation_id" = p.c AND (k."start_t", k."start_id") < (p.t, p.i)
      ORDER BY k."start_t" DESC, k."start_id" DESC LIMIT 1) k ON true
  ),
  d AS (
    DELETE FROM "stat_service_turns" k USING w
    WHERE k."conversation_id" = w.c AND (k."start_t", k."start_id") >= (w.t, w.i)
    RETURNING k.*
  ),
  m AS (
    SELECT cv."id" AS c, w.t AS wt, w.i AS wi, cv."tenant_id" AS tenant, cv."work_account_id" AS a,
           tn."time_zone" AS tz, m.t, m.i, m.s, m.u,
           lag(m.s) OVER (PARTITION BY cv."id" ORDER BY m.t, m.i) AS ps
    FROM w JOIN "conversations" cv ON cv."id" = w.c AND cv."talk_type" = 1
    JOIN "tenants" tn ON tn."id" = cv."tenant_id"
    -- In the order of messages_conversation_time, so the window is read from that index.
    CROSS JOIN LATERAL (
      SELECT m."msg_time" AS t, m."id" AS i, m."send_side" AS s, m."sender_user_id" AS u
      FROM "messages" m
      WHERE m."conversation_id" = w.c AND (m."msg_time", m."id") >= (w.t, w.i) AND NOT m."robot"
      ORDER BY m."msg_time", m."id") m
  ),
  g AS (
    SELECT m.*, sum(CASE WHEN s = 2 AND ps IS DISTINCT FROM 2 THEN 1 ELSE 0 END)
                  OVER (PARTITION BY c ORDER BY t, i) AS turn
    FROM m
  ),
  turns AS (
    SELECT c, wt, wi, tenant, a, tz, turn,
           max(t) FILTER (WHERE s = 2 AND ps IS DISTINCT FROM 2) AS st,
           max(i) FILTER (WHERE s = 2 AND ps IS DISTINCT FROM 2) AS si,
           count(*) FILTER (WHERE s = 2)::int AS nin,
           max(t) FILTER (WHERE s <> 2 AND ps = 2) AS rt,
           max(i) FILTER (WHERE s <> 2 AND ps = 2) AS ri,
           (array_agg(u) FILTER (WHERE s <> 2 AND ps = 2))[1] AS ru
    FROM g WHERE turn > 0 GROUP BY c, wt, wi, tenant, a, tz, turn
  ),
  -- A turn is its chat's first of the day unless a turn kept before the recomputed ones
  -- (the statement still sees those it deletes: they begin at or after the window) began that day.
  ins AS (
    INSERT INTO "stat_service_turns" ("conversation_id", "start_t", "start_id", "tenant_id",
      "work_account_id", "day", "n_in", "reply_t", "reply_id", "seat", "first_of_day")
    SELECT c, st, si, tenant, a, d, nin, rt, ri, ru,
           row_number() OVER (PARTITION BY c, d ORDER BY st, si) = 1
             AND NOT EXISTS (SELECT 1 FROM "stat_service_turns" k
                             WHERE k."conversation_id" = y.c AND k."day" = y.d
                               AND (k."start_t", k."start_id") < (y.wt, y.wi))
    FROM (SELECT turns.*, stat_msg_day(st, tz) AS d FROM turns) y
    RETURNING *
  ),
  -- Open turns per account and day (a chat's last turn, while nothing answers it).
  op AS (
    INSERT INTO "stat_service_open" AS o ("tenant_id", "work_account_id", "day", "n")
    SELECT "tenant_id", "work_account_id", "day", sum(n)::int FROM (
      SELECT "tenant_id", "work_account_id", "day", -1 AS n FROM d WHERE "reply_t" IS NULL
      UNION ALL
      SELECT "tenant_id", "work_account_id", "day", 1 FROM ins WHERE "reply_t" IS NULL
    ) z GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 2, 3
    ON CONFLICT ("work_account_id", "day") DO UPDATE SET "n" = o."n" + excluded."n"
  ),
  k AS (
    SELECT x.c, x.u, cv."tenant_id" AS tenant, cv."work_account_id" AS a, tn."time_zone" AS tz,
           stat_msg_day(x.t, tn."time_zone") AS d, sum(x.n)::int AS dn
    FROM x JOIN "conversations" cv ON cv."id" = x.c AND cv."talk_type" = 1
    JOIN "tenants" tn ON tn."id" = cv."tenant_id"
    WHERE x.s = 1 AND x.u IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(x.n) <> 0
  ),
  -- The chat's day, with three hours' margin for zones whose midnight moves (the day decides).
  sn AS (
    SELECT k.*, c.now_n FROM k CROSS JOIN LATERAL (
      SELECT count(*)::int AS now_n FROM "messages" m
      WHERE m."conversation_id" = k.c
        AND m."msg_time" >= (extract(epoch from (k.d::timestamp AT TIME ZONE k.tz)) * 1000)::bigint - 10800000
        AND m."msg_time" < (extract(epoch from ((k.d + 1)::timestamp AT TIME ZONE k.tz)) * 1000)::bigint + 10800000
        AND stat_msg_day(m."msg_time", k.tz) = k.d
        AND m."send_side" = 1 AND NOT m."robot" AND m."sender_user_id" = k.u) c
  )
  INSERT INTO "stat_service_daily" AS s ("tenant_id", "work_account_id", "seat_id", "day", "sent",
    "served", "received", "r_n", "r_ms", "fr_n", "fr_ms")
  SELECT tenant, a, u, d, sum(sent)::int, sum(served)::int, sum(rec)::int, sum(rn)::int,
         sum(rms)::bigint, sum(frn)::int, sum(frms)::bigint
  FROM (
    SELECT "tenant_id" AS tenant, "work_account_id" AS a, "seat" AS u, "day" AS d, 0 AS sent,
           0 AS served, -"n_in" AS rec, -1 AS rn, -("reply_t" - "start_t") AS rms,
           -("first_of_day"::int) AS frn,
           CASE WHEN "first_of_day" THEN "start_t" - "reply_t" ELSE 0 END AS frms
    FROM d WHERE "reply_t" IS NOT NULL AND "seat" IS NOT NULL
    UNION ALL
    SELECT "tenant_id", "work_account_id", "seat", "day", 0, 0, "n_in", 1, "reply_t" - "start_t",
           "first_of_day"::int, CASE WHEN "first_of_day" THEN "reply_t" - "start_t" ELSE 0 END
    FROM ins WHERE "reply_t" IS NOT NULL AND "seat" IS NOT NULL
    UNION ALL
    SELECT tenant, a, u, d, dn, (now_n > 0)::int - ((now_n - dn) > 0)::int, 0, 0, 0, 0, 0 FROM sn
  ) z
  GROUP BY 1, 2, 3, 4 ORDER BY 2, 4, 3
  ON CONFLICT ("work_account_id", "day", "seat_id") DO UPDATE SET
    "sent" = s."sent" + excluded."sent", "served" = s."served" + excluded."served",
    "received" = s."received" + excluded."received", "r_n" = s."r_n" + excluded."r_n",
    "r_ms" = s."r_ms" + excluded."r_ms", "fr_n" = s."fr_n" + excluded."fr_n",
    "fr_ms" = s."fr_ms" + excluded."fr_ms";
END $$;
--> statement-breakpoint
-- One trigger function for inserts, deletes and updates (statement level, transition tables).
-- Updates fire it on every statement (transition tables cannot go with a column list); it leaves
-- at once unless a row's chat, time, direction, seat or robot flag changed.
CREATE FUNCTION "stat_service_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cs uuid[]; ts bigint[]; ids bigint[]; sides smallint[]; us uuid[]; ns int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("conversation_id"), array_agg("msg_time"), array_agg("id"),
           array_agg("send_side"), array_agg("sender_user_id"), array_agg(1)
    INTO cs, ts, ids, sides, us, ns FROM new_rows WHERE NOT "robot";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("conversation_id"), array_agg("msg_time"), array_agg("id"),
           array_agg("send_side"), array_agg("sender_user_id"), array_agg(-1)
    INTO cs, ts, ids, sides, us, ns FROM old_rows WHERE NOT "robot";
  ELSE
    SELECT array_agg(x.c), array_agg(x.t), array_agg(x.i), array_agg(x.s), array_agg(x.u), array_agg(x.n)
    INTO cs, ts, ids, sides, us, ns
    FROM old_rows o JOIN new_rows r ON r."id" = o."id"
    CROSS JOIN LATERAL (VALUES
      (o."conversation_id", o."msg_time", o."id", o."send_side", o."sender_user_id", -1, o."robot"),
      (r."conversation_id", r."msg_time", r."id", r."send_side", r."sender_user_id", 1, r."robot")
    ) x(c, t, i, s, u, n, robot)
    WHERE NOT x.robot
      AND (o."conversation_id", o."msg_time", o."send_side", o."sender_user_id", o."robot")
          IS DISTINCT FROM (r."conversation_id", r."msg_time", r."send_side", r."sender_user_id", r."robot");
  END IF;
  IF cs IS NOT NULL THEN PERFORM stat_service_changes(cs, ts, ids, sides, us, ns); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_stat_service_add" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_service_apply"();
--> statement-breakpoint
CREATE TRIGGER "messages_stat_service_remove" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_service_apply"();
--> statement-breakpoint
CREATE TRIGGER "messages_stat_service_change" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "stat_service_apply"();
--> statement-breakpoint
-- A single chat's messages go before the chat itself: its seats' sent and served figures need
-- the chat's row (its talk type, account and tenant), which the cascade's delete no longer sees.
-- So deleting a chat takes its figures away as deleting its messages does, and as the message
-- report's do, and a backfill afterwards changes nothing.
CREATE FUNCTION "stat_service_chat_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "messages" WHERE "conversation_id" = OLD."id";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "conversations_stat_service_gone" BEFORE DELETE ON "conversations"
  FOR EACH ROW WHEN (OLD."talk_type" = 1) EXECUTE FUNCTION "stat_service_chat_gone"();
--> statement-breakpoint
-- Rebuilds one tenant's turns, open turns and service figures from the raw rows (the caller
-- locks the three tables first).
CREATE FUNCTION "stat_rebuild_service"("tenant" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  SELECT "time_zone" INTO tz FROM "tenants" WHERE "id" = "tenant";
  DELETE FROM "stat_service_turns" WHERE "tenant_id" = "tenant";
  DELETE FROM "stat_service_daily" WHERE "tenant_id" = "tenant";
  DELETE FROM "stat_service_open" WHERE "tenant_id" = "tenant";
  INSERT INTO "stat_service_turns" ("conversation_id", "start_t", "start_id", "tenant_id",
    "work_account_id", "day", "n_in", "reply_t", "reply_id", "seat", "first_of_day")
  WITH m AS (
    SELECT cv."id" AS c, cv."work_account_id" AS a, m."msg_time" AS t, m."id" AS i,
           m."send_side" AS s, m."sender_user_id" AS u,
           lag(m."send_side") OVER (PARTITION BY cv."id" ORDER BY m."msg_time", m."id") AS ps
    FROM "conversations" cv JOIN "messages" m ON m."conversation_id" = cv."id" AND NOT m."robot"
    WHERE cv."tenant_id" = "tenant" AND cv."talk_type" = 1
  ),
  g AS (
    SELECT m.*, sum(CASE WHEN s = 2 AND ps IS DISTINCT FROM 2 THEN 1 ELSE 0 END)
                  OVER (PARTITION BY c ORDER BY t, i) AS turn
    FROM m
  ),
  turns AS (
    SELECT c, a, turn,
           max(t) FILTER (WHERE s = 2 AND ps IS DISTINCT FROM 2) AS st,
           max(i) FILTER (WHERE s = 2 AND ps IS DISTINCT FROM 2) AS si,
           count(*) FILTER (WHERE s = 2)::int AS nin,
           max(t) FILTER (WHERE s <> 2 AND ps = 2) AS rt,
           max(i) FILTER (WHERE s <> 2 AND ps = 2) AS ri,
           (array_agg(u) FILTER (WHERE s <> 2 AND ps = 2))[1] AS ru
    FROM g WHERE turn > 0 GROUP BY c, a, turn
  )
  SELECT c, st, si, "tenant", a, d, nin, rt, ri, ru,
         row_number() OVER (PARTITION BY c, d ORDER BY st, si) = 1
  FROM (SELECT turns.*, stat_msg_day(st, tz) AS d FROM turns) x;
  INSERT INTO "stat_service_daily" ("tenant_id", "work_account_id", "seat_id", "day", "sent",
    "served", "received", "r_n", "r_ms", "fr_n", "fr_ms")
  SELECT "tenant", a, u, d, sum(sent)::int, sum(served)::int, sum(rec)::int, sum(rn)::int,
         sum(rms)::bigint, sum(frn)::int, sum(frms)::bigint
  FROM (
    SELECT "work_account_id" AS a, "seat" AS u, "day" AS d, 0 AS sent, 0 AS served, "n_in" AS rec,
           1 AS rn, "reply_t" - "start_t" AS rms, "first_of_day"::int AS frn,
           CASE WHEN "first_of_day" THEN "reply_t" - "start_t" ELSE 0 END AS frms
    FROM "stat_service_turns"
    WHERE "tenant_id" = "tenant" AND "reply_t" IS NOT NULL AND "seat" IS NOT NULL
    UNION ALL
    SELECT cv."work_account_id", m."sender_user_id", stat_msg_day(m."msg_time", tz),
           count(*), count(DISTINCT cv."id"), 0, 0, 0, 0, 0
    FROM "conversations" cv JOIN "messages" m ON m."conversation_id" = cv."id"
    WHERE cv."tenant_id" = "tenant" AND cv."talk_type" = 1 AND m."send_side" = 1
      AND NOT m."robot" AND m."sender_user_id" IS NOT NULL
    GROUP BY 1, 2, 3
  ) x GROUP BY 2, 3, 4;
  INSERT INTO "stat_service_open" ("tenant_id", "work_account_id", "day", "n")
  SELECT "tenant", "work_account_id", "day", count(*)::int FROM "stat_service_turns"
  WHERE "tenant_id" = "tenant" AND "reply_t" IS NULL GROUP BY 2, 3;
END $$;
--> statement-breakpoint
SELECT "stat_rebuild_service"("id") FROM "tenants";
