CREATE TABLE "stat_flow_day" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"seat" uuid NOT NULL,
	"day" date NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"resolved" integer DEFAULT 0 NOT NULL,
	"resolve_ms" bigint[] DEFAULT '{}' NOT NULL,
	"first_ms" bigint[] DEFAULT '{}' NOT NULL,
	"samples" text DEFAULT '[[],[]]' NOT NULL,
	CONSTRAINT "stat_flow_day_work_account_id_seat_day_pk" PRIMARY KEY("work_account_id","seat","day")
);
--> statement-breakpoint
CREATE TABLE "stat_money_day" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"msg_type" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"priced" integer DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	"n1" integer DEFAULT 0 NOT NULL,
	"n2" integer DEFAULT 0 NOT NULL,
	"n3" integer DEFAULT 0 NOT NULL,
	"n4" integer DEFAULT 0 NOT NULL,
	"c1" bigint DEFAULT 0 NOT NULL,
	"c2" bigint DEFAULT 0 NOT NULL,
	"c3" bigint DEFAULT 0 NOT NULL,
	"c4" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_money_day_work_account_id_day_msg_type_pk" PRIMARY KEY("work_account_id","day","msg_type")
);
--> statement-breakpoint
CREATE TABLE "stat_request_day" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"already" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_request_day_work_account_id_day_pk" PRIMARY KEY("work_account_id","day")
);
--> statement-breakpoint
CREATE INDEX "stat_flow_day_tenant_day" ON "stat_flow_day" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_money_day_tenant_type_day" ON "stat_money_day" USING btree ("tenant_id","msg_type","day");--> statement-breakpoint
CREATE INDEX "stat_request_day_tenant_day" ON "stat_request_day" USING btree ("tenant_id","day");--> statement-breakpoint
-- Hand-written (issue 35): the service report's flow figures per account, seat and day, so that
-- 90 days read a row per cell instead of every log row and first turn. The medians stay exact:
-- a cell keeps its samples themselves (ascending), and the report takes the median of the
-- samples of the cells it merges. Kept by triggers on the two tables it folds, so every path
-- that changes them (the log's triggers, the message triggers' retiming, stat_rebuild_service,
-- stat_rebuild_flow, a person merge, a deleted chat) changes it in the same statement:
-- statement triggers for inserts and deletes of stat_service_flow (one row per log row), row
-- triggers for its updates (a retime, which often updates no row) and for the turns (only a
-- chat's answered first turn of a day counts; the message statements' other turns fire nothing).
-- A cell whose figures are all gone is deleted, so the kept table equals the rebuilt one.
-- `samples` holds both lists as JSON text (a BEFORE trigger), which the report concatenates: PGlite
-- then copies text instead of converting 20,000 numbers to JSON on every read.

-- The ascending multiset `cur` with `plus` added and one occurrence of each of `minus` taken off.
CREATE FUNCTION "stat_ms_merge"("cur" bigint[], "plus" bigint[], "minus" bigint[])
RETURNS bigint[] LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF cardinality("minus") = 0 THEN
    IF cardinality("plus") = 0 THEN RETURN "cur"; END IF;
    RETURN ARRAY(SELECT v FROM unnest("cur" || "plus") v ORDER BY v);
  END IF;
  RETURN ARRAY(
    SELECT y.v FROM (
      SELECT x.v, sum(x.n)::int AS n FROM (
        SELECT v, 1 AS n FROM unnest("cur" || "plus") v
        UNION ALL SELECT v, -1 FROM unnest("minus") v) x
      GROUP BY x.v) y
    CROSS JOIN generate_series(1, y.n) g
    ORDER BY y.v);
END $$;
--> statement-breakpoint
-- Moves one cell by a delta, creating it if need be and deleting it once it holds nothing.
CREATE FUNCTION "stat_flow_day_move"("t" uuid, "a" uuid, "s" uuid, "d" date, "na" int, "nr" int,
  "plus_r" bigint[], "minus_r" bigint[], "plus_f" bigint[], "minus_f" bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_flow_day" AS c ("tenant_id", "work_account_id", "seat", "day", "assigned",
    "resolved", "resolve_ms", "first_ms")
  VALUES ("t", "a", "s", "d", "na", "nr", stat_ms_merge('{}', "plus_r", '{}'),
          stat_ms_merge('{}', "plus_f", '{}'))
  ON CONFLICT ("work_account_id", "seat", "day") DO UPDATE SET
    "assigned" = c."assigned" + "na", "resolved" = c."resolved" + "nr",
    "resolve_ms" = stat_ms_merge(c."resolve_ms", "plus_r", "minus_r"),
    "first_ms" = stat_ms_merge(c."first_ms", "plus_f", "minus_f");
  IF "na" < 0 OR "nr" < 0 OR cardinality("minus_r") > 0 OR cardinality("minus_f") > 0 THEN
    DELETE FROM "stat_flow_day" c
    WHERE c."work_account_id" = "a" AND c."seat" = "s" AND c."day" = "d" AND c."assigned" = 0
      AND c."resolved" = 0 AND cardinality(c."resolve_ms") = 0 AND cardinality(c."first_ms") = 0;
  END IF;
END $$;
--> statement-breakpoint
-- Inserts and deletes of stat_service_flow: the statement's rows per cell, in one order.
CREATE FUNCTION "stat_flow_day_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE sg int := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stat_flow_day_move(x.t, x.a, x.s, x.d, x.na, x.nr, x.r, '{}', '{}', '{}') FROM (
      SELECT "tenant_id" AS t, "work_account_id" AS a, "seat" AS s, "day" AS d,
             count(*) FILTER (WHERE "kind" = 'assigned')::int AS na,
             count(*) FILTER (WHERE "kind" = 'resolved')::int AS nr,
             coalesce(array_agg("ms") FILTER (WHERE "kind" = 'resolved' AND "ms" IS NOT NULL),
                      '{}') AS r
      FROM new_rows WHERE "seat" IS NOT NULL AND "kind" IN ('assigned', 'resolved')
      GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4) x;
  ELSE
    PERFORM stat_flow_day_move(x.t, x.a, x.s, x.d, -x.na, -x.nr, '{}', x.r, '{}', '{}') FROM (
      SELECT "tenant_id" AS t, "work_account_id" AS a, "seat" AS s, "day" AS d,
             count(*) FILTER (WHERE "kind" = 'assigned')::int AS na,
             count(*) FILTER (WHERE "kind" = 'resolved')::int AS nr,
             coalesce(array_agg("ms") FILTER (WHERE "kind" = 'resolved' AND "ms" IS NOT NULL),
                      '{}') AS r
      FROM old_rows WHERE "seat" IS NOT NULL AND "kind" IN ('assigned', 'resolved')
      GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_service_flow_day_add" AFTER INSERT ON "stat_service_flow"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_flow_day_rows"();
--> statement-breakpoint
CREATE TRIGGER "stat_service_flow_day_remove" AFTER DELETE ON "stat_service_flow"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_flow_day_rows"();
--> statement-breakpoint
-- An update of a stat_service_flow row (a resolution timed again): its old figures out, its new in.
CREATE FUNCTION "stat_flow_day_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o boolean := OLD."seat" IS NOT NULL AND OLD."kind" IN ('assigned', 'resolved');
  n boolean := NEW."seat" IS NOT NULL AND NEW."kind" IN ('assigned', 'resolved');
  om bigint[] := CASE WHEN OLD."kind" = 'resolved' AND OLD."ms" IS NOT NULL THEN ARRAY[OLD."ms"] ELSE '{}' END;
  nm bigint[] := CASE WHEN NEW."kind" = 'resolved' AND NEW."ms" IS NOT NULL THEN ARRAY[NEW."ms"] ELSE '{}' END;
BEGIN
  IF o AND n AND (OLD."work_account_id", OLD."seat", OLD."day", OLD."kind")
                 = (NEW."work_account_id", NEW."seat", NEW."day", NEW."kind") THEN
    IF om IS DISTINCT FROM nm THEN
      PERFORM stat_flow_day_move(NEW."tenant_id", NEW."work_account_id", NEW."seat", NEW."day",
        0, 0, nm, om, '{}', '{}');
    END IF;
    RETURN NULL;
  END IF;
  IF o THEN
    PERFORM stat_flow_day_move(OLD."tenant_id", OLD."work_account_id", OLD."seat", OLD."day",
      -(OLD."kind" = 'assigned')::int, -(OLD."kind" = 'resolved')::int, '{}', om, '{}', '{}');
  END IF;
  IF n THEN
    PERFORM stat_flow_day_move(NEW."tenant_id", NEW."work_account_id", NEW."seat", NEW."day",
      (NEW."kind" = 'assigned')::int, (NEW."kind" = 'resolved')::int, nm, '{}', '{}', '{}');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_service_flow_day_change" AFTER UPDATE ON "stat_service_flow"
  FOR EACH ROW EXECUTE FUNCTION "stat_flow_day_row"();
--> statement-breakpoint
-- A chat's answered first turn of a day (its response time is a sample of the median first
-- response) inserted, deleted or changed.
CREATE FUNCTION "stat_flow_day_turn"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o boolean := false; n boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    o := OLD."first_of_day" AND OLD."reply_t" IS NOT NULL AND OLD."seat" IS NOT NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    n := NEW."first_of_day" AND NEW."reply_t" IS NOT NULL AND NEW."seat" IS NOT NULL;
  END IF;
  IF o AND n AND (OLD."work_account_id", OLD."seat", OLD."day", OLD."reply_t" - OLD."start_t")
                 = (NEW."work_account_id", NEW."seat", NEW."day", NEW."reply_t" - NEW."start_t") THEN
    RETURN NULL;
  END IF;
  IF o THEN
    PERFORM stat_flow_day_move(OLD."tenant_id", OLD."work_account_id", OLD."seat", OLD."day",
      0, 0, '{}', '{}', '{}', ARRAY[OLD."reply_t" - OLD."start_t"]);
  END IF;
  IF n THEN
    PERFORM stat_flow_day_move(NEW."tenant_id", NEW."work_account_id", NEW."seat", NEW."day",
      0, 0, '{}', '{}', ARRAY[NEW."reply_t" - NEW."start_t"], '{}');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_service_turns_flow_day_add" AFTER INSERT ON "stat_service_turns"
  FOR EACH ROW WHEN (NEW."first_of_day" AND NEW."reply_t" IS NOT NULL AND NEW."seat" IS NOT NULL)
  EXECUTE FUNCTION "stat_flow_day_turn"();
--> statement-breakpoint
CREATE TRIGGER "stat_service_turns_flow_day_remove" AFTER DELETE ON "stat_service_turns"
  FOR EACH ROW WHEN (OLD."first_of_day" AND OLD."reply_t" IS NOT NULL AND OLD."seat" IS NOT NULL)
  EXECUTE FUNCTION "stat_flow_day_turn"();
--> statement-breakpoint
CREATE TRIGGER "stat_service_turns_flow_day_change" AFTER UPDATE ON "stat_service_turns"
  FOR EACH ROW WHEN ((OLD."first_of_day" AND OLD."reply_t" IS NOT NULL AND OLD."seat" IS NOT NULL)
                  OR (NEW."first_of_day" AND NEW."reply_t" IS NOT NULL AND NEW."seat" IS NOT NULL))
  EXECUTE FUNCTION "stat_flow_day_turn"();
--> statement-breakpoint
-- A cell's samples as JSON text, kept with its lists on every write.
CREATE FUNCTION "stat_flow_day_samples"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."samples" := '[[' || array_to_string(NEW."resolve_ms", ',') || '],['
                   || array_to_string(NEW."first_ms", ',') || ']]';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_flow_day_samples" BEFORE INSERT OR UPDATE ON "stat_flow_day"
  FOR EACH ROW EXECUTE FUNCTION "stat_flow_day_samples"();
--> statement-breakpoint
-- Rebuilds one tenant's cells from stat_service_flow and stat_service_turns (the backfill, a
-- time-zone change: called by stat_rebuild_flow, after the turns and the log's copy).
CREATE FUNCTION "stat_rebuild_flow_day"("tenant" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "stat_flow_day" WHERE "tenant_id" = "tenant";
  INSERT INTO "stat_flow_day" ("tenant_id", "work_account_id", "seat", "day", "assigned",
    "resolved", "resolve_ms", "first_ms")
  SELECT "tenant", a, s, d, sum(na)::int, sum(nr)::int,
         coalesce(array_agg(r ORDER BY r) FILTER (WHERE r IS NOT NULL), '{}'),
         coalesce(array_agg(f ORDER BY f) FILTER (WHERE f IS NOT NULL), '{}')
  FROM (
    SELECT "work_account_id" AS a, "seat" AS s, "day" AS d, ("kind" = 'assigned')::int AS na,
           ("kind" = 'resolved')::int AS nr, CASE WHEN "kind" = 'resolved' THEN "ms" END AS r,
           NULL::bigint AS f
    FROM "stat_service_flow"
    WHERE "tenant_id" = "tenant" AND "seat" IS NOT NULL AND "kind" IN ('assigned', 'resolved')
    UNION ALL
    SELECT "work_account_id", "seat", "day", 0, 0, NULL, "reply_t" - "start_t"
    FROM "stat_service_turns"
    WHERE "tenant_id" = "tenant" AND "first_of_day" AND "reply_t" IS NOT NULL
      AND "seat" IS NOT NULL
  ) x GROUP BY a, s, d;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stat_rebuild_flow"("tenant" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "stat_service_flow" WHERE "tenant_id" = "tenant";
  INSERT INTO "stat_service_flow" ("flow_id", "tenant_id", "conversation_id", "work_account_id",
    "seat", "kind", "at", "day", "ms")
  SELECT l."id", l."tenant_id", l."conversation_id", l."work_account_id", l."user_id", l."kind",
         l."at", stat_msg_day(l."at", t."time_zone"),
         CASE WHEN l."kind" = 'resolved'
              THEN stat_flow_resolve_ms(l."conversation_id", l."id", l."at") END
  FROM "conversation_flow_log" l JOIN "tenants" t ON t."id" = l."tenant_id"
  WHERE l."tenant_id" = "tenant";
  PERFORM stat_rebuild_flow_day("tenant");
END $$;
--> statement-breakpoint
SELECT "stat_rebuild_flow_day"("id") FROM "tenants";
--> statement-breakpoint
-- Hand-written (issue 35): the eft and redpacket reports read stat_money_day (a row per account,
-- day and type) and addfriend reads stat_request_day (a row per account and day), folds of
-- stat_money_daily and stat_friend_request_daily kept by row triggers on those: every path that
-- moves those (the message and request triggers, stat_rebuild, stat_rebuild_reports) moves the
-- folds in the same statement. Row triggers, as the money rollup's trigger on messages writes
-- (an empty insert) for every message statement; only the rows it really writes fire them.
CREATE FUNCTION "stat_money_day_move"("r" "stat_money_daily", "g" int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE n int := "g" * r."n"; c bigint := "g" * r."amount_cents";
BEGIN
  INSERT INTO "stat_money_day" AS s ("tenant_id", "work_account_id", "day", "msg_type", "n",
    "sent", "priced", "cents", "n1", "n2", "n3", "n4", "c1", "c2", "c3", "c4")
  VALUES (r."tenant_id", r."work_account_id", r."day", r."msg_type", n,
    CASE WHEN r."send_side" = 1 THEN n ELSE 0 END, "g" * r."priced", c,
    CASE WHEN r."state" = 1 THEN n ELSE 0 END, CASE WHEN r."state" = 2 THEN n ELSE 0 END,
    CASE WHEN r."state" = 3 THEN n ELSE 0 END, CASE WHEN r."state" = 4 THEN n ELSE 0 END,
    CASE WHEN r."state" = 1 THEN c ELSE 0 END, CASE WHEN r."state" = 2 THEN c ELSE 0 END,
    CASE WHEN r."state" = 3 THEN c ELSE 0 END, CASE WHEN r."state" = 4 THEN c ELSE 0 END)
  ON CONFLICT ("work_account_id", "day", "msg_type") DO UPDATE SET
    "n" = s."n" + excluded."n", "sent" = s."sent" + excluded."sent",
    "priced" = s."priced" + excluded."priced", "cents" = s."cents" + excluded."cents",
    "n1" = s."n1" + excluded."n1", "n2" = s."n2" + excluded."n2",
    "n3" = s."n3" + excluded."n3", "n4" = s."n4" + excluded."n4",
    "c1" = s."c1" + excluded."c1", "c2" = s."c2" + excluded."c2",
    "c3" = s."c3" + excluded."c3", "c4" = s."c4" + excluded."c4";
END $$;
--> statement-breakpoint
CREATE FUNCTION "stat_money_day_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM stat_money_day_move(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM stat_money_day_move(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_money_daily_day" AFTER INSERT OR UPDATE OR DELETE ON "stat_money_daily"
  FOR EACH ROW EXECUTE FUNCTION "stat_money_day_sync"();
--> statement-breakpoint
CREATE FUNCTION "stat_request_day_move"("r" "stat_friend_request_daily", "g" int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE n int := "g" * r."n";
BEGIN
  IF r."direction" <> 'out' OR n = 0 THEN RETURN; END IF;
  INSERT INTO "stat_request_day" AS s ("tenant_id", "work_account_id", "day", "sent", "failed",
    "added", "already")
  VALUES (r."tenant_id", r."work_account_id", r."day", n,
    CASE WHEN r."status" = 2 THEN n ELSE 0 END, CASE WHEN r."status" = 3 THEN n ELSE 0 END,
    CASE WHEN r."status" = 4 THEN n ELSE 0 END)
  ON CONFLICT ("work_account_id", "day") DO UPDATE SET
    "sent" = s."sent" + excluded."sent", "failed" = s."failed" + excluded."failed",
    "added" = s."added" + excluded."added", "already" = s."already" + excluded."already";
END $$;
--> statement-breakpoint
CREATE FUNCTION "stat_request_day_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM stat_request_day_move(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM stat_request_day_move(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_friend_request_daily_day" AFTER INSERT OR UPDATE OR DELETE
  ON "stat_friend_request_daily" FOR EACH ROW EXECUTE FUNCTION "stat_request_day_sync"();
--> statement-breakpoint
INSERT INTO "stat_money_day" ("tenant_id", "work_account_id", "day", "msg_type", "n", "sent",
  "priced", "cents", "n1", "n2", "n3", "n4", "c1", "c2", "c3", "c4")
SELECT "tenant_id", "work_account_id", "day", "msg_type", sum("n")::int,
  coalesce(sum("n") FILTER (WHERE "send_side" = 1), 0)::int, sum("priced")::int,
  sum("amount_cents")::bigint,
  coalesce(sum("n") FILTER (WHERE "state" = 1), 0)::int,
  coalesce(sum("n") FILTER (WHERE "state" = 2), 0)::int,
  coalesce(sum("n") FILTER (WHERE "state" = 3), 0)::int,
  coalesce(sum("n") FILTER (WHERE "state" = 4), 0)::int,
  coalesce(sum("amount_cents") FILTER (WHERE "state" = 1), 0)::bigint,
  coalesce(sum("amount_cents") FILTER (WHERE "state" = 2), 0)::bigint,
  coalesce(sum("amount_cents") FILTER (WHERE "state" = 3), 0)::bigint,
  coalesce(sum("amount_cents") FILTER (WHERE "state" = 4), 0)::bigint
FROM "stat_money_daily" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "stat_request_day" ("tenant_id", "work_account_id", "day", "sent", "failed", "added",
  "already")
SELECT "tenant_id", "work_account_id", "day", sum("n")::int,
  coalesce(sum("n") FILTER (WHERE "status" = 2), 0)::int,
  coalesce(sum("n") FILTER (WHERE "status" = 3), 0)::int,
  coalesce(sum("n") FILTER (WHERE "status" = 4), 0)::int
FROM "stat_friend_request_daily" WHERE "direction" = 'out' GROUP BY 1, 2, 3;
