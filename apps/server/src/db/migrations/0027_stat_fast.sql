CREATE TABLE "stat_tag_account_day" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_tag_account_day_work_account_id_day_pk" PRIMARY KEY("work_account_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_tag_day" (
	"tenant_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"day" date NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_tag_day_tag_id_day_pk" PRIMARY KEY("tag_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_tag_total" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_tag_total_work_account_id_tag_id_pk" PRIMARY KEY("work_account_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "stat_login_daily" ADD COLUMN "online_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stat_tag_account_day_tenant_day" ON "stat_tag_account_day" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_tag_day_tenant_day" ON "stat_tag_day" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_tag_total_tenant" ON "stat_tag_total" USING btree ("tenant_id");--> statement-breakpoint
-- Hand-written (issue 20, the label and login reports' speed). The tag rollup's folds: per account
-- and tag now (stat_tag_total), per tag and day over the existing accounts (stat_tag_day), per
-- account and day over the existing tags (stat_tag_account_day), kept by statement triggers on
-- stat_tag_daily itself (as stat_message_day is on stat_message_daily), so every path that moves
-- a tag count (the link triggers, stat_rebuild_reports) moves them in the same statement.
-- The deltas of a statement (arrays, one element per stat_tag_daily row change) added to the folds;
-- static statements (their plans are kept), the rows sorted in key order.
CREATE FUNCTION "stat_tag_fold_apply"("ts" uuid[], "accs" uuid[], "gs" uuid[], "ds" date[],
  "ads" int[], "rms" int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "ts" IS NULL THEN RETURN; END IF;
  INSERT INTO "stat_tag_total" AS s ("tenant_id", "work_account_id", "tag_id", "n")
  SELECT t, a, g, sum(ad - rm)::int FROM unnest("ts", "accs", "gs", "ds", "ads", "rms") r(t, a, g, d, ad, rm)
  GROUP BY t, a, g HAVING sum(ad - rm) <> 0 ORDER BY a, g
  ON CONFLICT ("work_account_id", "tag_id") DO UPDATE SET "n" = s."n" + excluded."n";
  -- A deleted account's or tag's rows left the folds as it went (the row triggers below).
  INSERT INTO "stat_tag_day" AS s ("tenant_id", "tag_id", "day", "added", "removed")
  SELECT t, g, d, sum(ad)::int, sum(rm)::int FROM unnest("ts", "accs", "gs", "ds", "ads", "rms") r(t, a, g, d, ad, rm)
  WHERE EXISTS (SELECT 1 FROM "work_accounts" wa WHERE wa."id" = r.a)
  GROUP BY t, g, d HAVING bool_or(ad <> 0 OR rm <> 0) ORDER BY g, d
  ON CONFLICT ("tag_id", "day") DO UPDATE SET
    "added" = s."added" + excluded."added", "removed" = s."removed" + excluded."removed";
  INSERT INTO "stat_tag_account_day" AS s ("tenant_id", "work_account_id", "day", "added", "removed")
  SELECT t, a, d, sum(ad)::int, sum(rm)::int FROM unnest("ts", "accs", "gs", "ds", "ads", "rms") r(t, a, g, d, ad, rm)
  WHERE EXISTS (SELECT 1 FROM "tags" tg WHERE tg."id" = r.g)
  GROUP BY t, a, d HAVING bool_or(ad <> 0 OR rm <> 0) ORDER BY a, d
  ON CONFLICT ("work_account_id", "day") DO UPDATE SET
    "added" = s."added" + excluded."added", "removed" = s."removed" + excluded."removed";
END $$;
--> statement-breakpoint
CREATE FUNCTION "stat_tag_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stat_tag_fold_apply(array_agg("tenant_id"), array_agg("work_account_id"),
      array_agg("tag_id"), array_agg("day"), array_agg("added"), array_agg("removed")) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stat_tag_fold_apply(array_agg("tenant_id"), array_agg("work_account_id"),
      array_agg("tag_id"), array_agg("day"), array_agg(-"added"), array_agg(-"removed")) FROM old_rows;
  ELSE
    PERFORM stat_tag_fold_apply(array_agg(t), array_agg(a), array_agg(g), array_agg(d),
      array_agg(ad), array_agg(rm)) FROM (
      SELECT "tenant_id", "work_account_id", "tag_id", "day", "added", "removed" FROM new_rows
      UNION ALL
      SELECT "tenant_id", "work_account_id", "tag_id", "day", -"added", -"removed" FROM old_rows
    ) r(t, a, g, d, ad, rm);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_tag_daily_fold_add" AFTER INSERT ON "stat_tag_daily"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_tag_fold"();
--> statement-breakpoint
CREATE TRIGGER "stat_tag_daily_fold_remove" AFTER DELETE ON "stat_tag_daily"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_tag_fold"();
--> statement-breakpoint
CREATE TRIGGER "stat_tag_daily_fold_change" AFTER UPDATE ON "stat_tag_daily"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "stat_tag_fold"();
--> statement-breakpoint
-- A tag about to be deleted takes its history out of the per-account fold (before its links go:
-- their removals, logged once the tag is gone, skip that fold); an account about to be deleted
-- takes its history out of the per-tag fold.
CREATE FUNCTION "stat_tag_fold_tag_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stat_tag_account_day" s SET "added" = s."added" - x.ad, "removed" = s."removed" - x.rm
  FROM (SELECT "work_account_id" a, "day" d, sum("added")::int ad, sum("removed")::int rm
        FROM "stat_tag_daily" WHERE "tag_id" = OLD."id" GROUP BY 1, 2 ORDER BY 1, 2) x
  WHERE s."work_account_id" = x.a AND s."day" = x.d;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tags_stat_fold_remove" BEFORE DELETE ON "tags"
  FOR EACH ROW EXECUTE FUNCTION "stat_tag_fold_tag_gone"();
--> statement-breakpoint
CREATE FUNCTION "stat_tag_fold_account_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stat_tag_day" s SET "added" = s."added" - x.ad, "removed" = s."removed" - x.rm
  FROM (SELECT "tag_id" g, "day" d, sum("added")::int ad, sum("removed")::int rm
        FROM "stat_tag_daily" WHERE "work_account_id" = OLD."id" GROUP BY 1, 2 ORDER BY 1, 2) x
  WHERE s."tag_id" = x.g AND s."day" = x.d;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "work_accounts_stat_tag_fold_remove" BEFORE DELETE ON "work_accounts"
  FOR EACH ROW EXECUTE FUNCTION "stat_tag_fold_account_gone"();
--> statement-breakpoint
-- Online time: a session runs from a change to online to the account's next change (by time, then
-- id); its time is split at the tenant's midnights. stat_login_daily.online_ms holds the closed
-- sessions; the open one (the account's latest change, when it is to online) is added at read time.
CREATE FUNCTION "stat_online_split"("s" timestamptz, "e" timestamptz, "tz" text)
RETURNS TABLE ("day" date, "ms" bigint) LANGUAGE sql STABLE AS $$
  SELECT g::date, round(extract(epoch FROM
           least("e", (g::date + 1)::timestamp AT TIME ZONE "tz")
           - greatest("s", g::date::timestamp AT TIME ZONE "tz")) * 1000)::bigint
  FROM generate_series(("s" AT TIME ZONE "tz")::date, ("e" AT TIME ZONE "tz")::date, interval '1 day') g
  WHERE "e" > "s"
$$;
--> statement-breakpoint
-- Status changes inserted at p (the earliest new row of an account, by time then id) change only
-- the session under way at p and the later ones: from the last row before p (the anchor) on, the
-- closed sessions of the rows as they were are taken away and those of the rows as they are now
-- added. A change in time order rereads two rows.
CREATE FUNCTION "stat_online_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Writers of one account take turns (a status update holds its row already), so each reads
  -- the other's rows.
  PERFORM 1 FROM "work_accounts" WHERE "id" IN (SELECT "work_account_id" FROM new_rows)
    ORDER BY "id" FOR NO KEY UPDATE;
  WITH f AS (
    SELECT DISTINCT ON ("work_account_id") "tenant_id", "work_account_id" AS a, "at", "id"
    FROM new_rows ORDER BY "work_account_id", "at", "id"
  ), b AS (
    SELECT f."tenant_id", f.a, p."at", p."id", t."time_zone" AS tz
    FROM f JOIN "tenants" t ON t."id" = f."tenant_id"
    LEFT JOIN LATERAL (
      SELECT l."at", l."id" FROM "account_status_log" l
      WHERE l."work_account_id" = f.a AND l."at" <= f."at" AND (l."at", l."id") < (f."at", f."id")
      ORDER BY l."at" DESC, l."id" DESC LIMIT 1) p ON true
  ), r AS (
    SELECT b."tenant_id", b.a, b.tz, l."id", l."at", l."status",
           l."id" IN (SELECT "id" FROM new_rows) AS fresh
    FROM b JOIN "account_status_log" l ON l."work_account_id" = b.a
      AND (b."at" IS NULL OR (l."at" >= b."at" AND (l."at", l."id") >= (b."at", b."id")))
  ), ses AS (
    SELECT "tenant_id", a, tz, "status", "at" AS s,
           lead("at") OVER (PARTITION BY a ORDER BY "at", "id") AS e, 1 AS sg FROM r
    UNION ALL
    SELECT "tenant_id", a, tz, "status", "at",
           lead("at") OVER (PARTITION BY a ORDER BY "at", "id"), -1 FROM r WHERE NOT fresh
  )
  INSERT INTO "stat_login_daily" AS s ("tenant_id", "work_account_id", "day", "online_ms")
  SELECT ses."tenant_id", ses.a, x."day", sum(ses.sg * x."ms")::bigint
  FROM ses CROSS JOIN LATERAL stat_online_split(ses.s, ses.e, ses.tz) x
  WHERE ses."status" = 'online' AND ses.e IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum(ses.sg * x."ms") <> 0 ORDER BY 2, 3
  ON CONFLICT ("work_account_id", "day") DO UPDATE SET "online_ms" = s."online_ms" + excluded."online_ms";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "account_status_log_stat_online" AFTER INSERT ON "account_status_log"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_online_add"();
--> statement-breakpoint
-- Rebuilds one tenant's tag, money and login rollups from the raw rows (after stat_rebuild; the
-- caller locks the rollup tables first): as in 0023, with the tag folds (emptied once the tag rows
-- are gone, refilled by the triggers as they come back) and the online time.
CREATE OR REPLACE FUNCTION "stat_rebuild_reports"("tenant" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  SELECT "time_zone" INTO tz FROM "tenants" WHERE "id" = "tenant";
  DELETE FROM "stat_tag_daily" WHERE "tenant_id" = "tenant";
  DELETE FROM "stat_tag_total" WHERE "tenant_id" = "tenant";
  DELETE FROM "stat_tag_day" WHERE "tenant_id" = "tenant";
  DELETE FROM "stat_tag_account_day" WHERE "tenant_id" = "tenant";
  DELETE FROM "stat_money_daily" WHERE "tenant_id" = "tenant";
  DELETE FROM "stat_login_daily" WHERE "tenant_id" = "tenant";
  INSERT INTO "stat_tag_daily" ("tenant_id", "work_account_id", "tag_id", "day", "added", "removed")
  SELECT "tenant", a, g, d, sum(ad)::int, sum(rm)::int FROM (
    SELECT c."work_account_id" a, ct."tag_id" g, (ct."created_at" AT TIME ZONE tz)::date d, 1 ad, 0 rm
      FROM "contact_tags" ct JOIN "contacts" c ON c."id" = ct."contact_id" WHERE ct."tenant_id" = "tenant"
    UNION ALL
    SELECT "work_account_id", "tag_id", ("added_at" AT TIME ZONE tz)::date, 1, 0
      FROM "contact_tag_removals" WHERE "tenant_id" = "tenant"
    UNION ALL
    SELECT "work_account_id", "tag_id", ("removed_at" AT TIME ZONE tz)::date, 0, 1
      FROM "contact_tag_removals" WHERE "tenant_id" = "tenant"
  ) x GROUP BY 2, 3, 4;
  INSERT INTO "stat_money_daily"
    ("tenant_id", "work_account_id", "day", "msg_type", "send_side", "state", "n", "priced", "amount_cents")
  SELECT "tenant", "work_account_id", stat_msg_day("msg_time", tz), "msg_type", "send_side",
         CASE WHEN "msg_type" = 17 THEN stat_pay_state("content") ELSE 0 END, count(*)::int,
         count(stat_money_cents("msg_type", "content"))::int,
         coalesce(sum(stat_money_cents("msg_type", "content")), 0)::bigint
  FROM "messages" WHERE "tenant_id" = "tenant" AND "msg_type" IN (16, 17) GROUP BY 2, 3, 4, 5, 6;
  INSERT INTO "stat_login_daily"
    ("tenant_id", "work_account_id", "day", "logins", "logouts", "bans", "kickouts", "online_ms")
  SELECT "tenant", a, d, sum(li)::int, sum(lo)::int, sum(ba)::int, sum(ki)::int, sum(ms)::bigint FROM (
    SELECT "work_account_id" a, ("at" AT TIME ZONE tz)::date d,
           count(*) FILTER (WHERE "status" = 'online') li,
           count(*) FILTER (WHERE "prev_status" = 'online' AND "status" IN ('offline', 'notLoggedIn')) lo,
           count(*) FILTER (WHERE "status" = 'banned') ba,
           count(*) FILTER (WHERE "status" = 'kickedOut') ki, 0 ms
    FROM "account_status_log" WHERE "tenant_id" = "tenant" GROUP BY 1, 2
    UNION ALL
    SELECT ses.a, x."day", 0, 0, 0, 0, sum(x."ms")
    FROM (
      SELECT "work_account_id" a, "status", "at" s,
             lead("at") OVER (PARTITION BY "work_account_id" ORDER BY "at", "id") e
      FROM "account_status_log" WHERE "tenant_id" = "tenant"
    ) ses CROSS JOIN LATERAL stat_online_split(ses.s, ses.e, tz) x
    WHERE ses."status" = 'online' AND ses.e IS NOT NULL GROUP BY 1, 2
  ) y GROUP BY 2, 3;
END $$;
--> statement-breakpoint
SELECT "stat_rebuild_reports"("id") FROM "tenants";
