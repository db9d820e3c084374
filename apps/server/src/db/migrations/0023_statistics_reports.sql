CREATE TABLE "account_status_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_status_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"prev_status" text,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_tag_removals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_tag_removals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_login_daily" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"logouts" integer DEFAULT 0 NOT NULL,
	"bans" integer DEFAULT 0 NOT NULL,
	"kickouts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_login_daily_work_account_id_day_pk" PRIMARY KEY("work_account_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_money_daily" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"msg_type" smallint NOT NULL,
	"send_side" smallint NOT NULL,
	"state" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"priced" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_money_daily_work_account_id_day_msg_type_send_side_state_pk" PRIMARY KEY("work_account_id","day","msg_type","send_side","state")
);
--> statement-breakpoint
CREATE TABLE "stat_tag_daily" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"day" date NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_tag_daily_work_account_id_tag_id_day_pk" PRIMARY KEY("work_account_id","tag_id","day")
);
--> statement-breakpoint
CREATE INDEX "account_status_log_account_at" ON "account_status_log" USING btree ("work_account_id","at");--> statement-breakpoint
CREATE INDEX "account_status_log_tenant_at" ON "account_status_log" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "contact_tag_removals_tenant_time" ON "contact_tag_removals" USING btree ("tenant_id","removed_at");--> statement-breakpoint
CREATE INDEX "stat_login_daily_tenant_day" ON "stat_login_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_money_daily_tenant_day" ON "stat_money_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_tag_daily_tenant_day" ON "stat_tag_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "messages_conversation_time" ON "messages" USING btree ("conversation_id","msg_time","id");--> statement-breakpoint
-- Hand-written (issue 20, the tag, transfer, red-packet and login reports): rollups kept by
-- triggers in the statement that writes the raw rows, in the tenant's time zone, and
-- stat_rebuild_reports(tenant) that recomputes them (the backfill calls it after stat_rebuild).
CREATE FUNCTION "stat_pay_state"("content" text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(substring("content" from '"paySubType"\s*:\s*([1-4])(?![0-9])')::smallint, 0::smallint)
$$;
--> statement-breakpoint
-- The amount of a red packet (amountCents) or a transfer (money, "88.00") in cents; null unknown.
CREATE FUNCTION "stat_money_cents"("msg_type" smallint, "content" text) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE "msg_type"
    WHEN 17 THEN round(substring("content" from '"money"\s*:\s*"([0-9]{1,12}(?:\.[0-9]{1,2})?)"')::numeric * 100)::bigint
    WHEN 16 THEN substring("content" from '"amountCents"\s*:\s*([0-9]{1,15})(?![0-9.])')::bigint
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "stat_money_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "stat_money_daily" s
    SET "n" = s."n" - o.c, "priced" = s."priced" - o.p, "amount_cents" = s."amount_cents" - o.a
    FROM (
      SELECT r."work_account_id", stat_msg_day(r."msg_time", t."time_zone") AS "day", r."msg_type",
             r."send_side", CASE WHEN r."msg_type" = 17 THEN stat_pay_state(r."content") ELSE 0 END AS "state",
             count(*)::int AS c, count(stat_money_cents(r."msg_type", r."content"))::int AS p,
             coalesce(sum(stat_money_cents(r."msg_type", r."content")), 0)::bigint AS a
      FROM old_rows r JOIN "tenants" t ON t."id" = r."tenant_id"
      WHERE r."msg_type" IN (16, 17) GROUP BY 1, 2, 3, 4, 5
    ) o
    WHERE s."work_account_id" = o."work_account_id" AND s."day" = o."day"
      AND s."msg_type" = o."msg_type" AND s."send_side" = o."send_side" AND s."state" = o."state";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "stat_money_daily" AS s
      ("tenant_id", "work_account_id", "day", "msg_type", "send_side", "state", "n", "priced", "amount_cents")
    SELECT r."tenant_id", r."work_account_id", stat_msg_day(r."msg_time", t."time_zone"), r."msg_type",
           r."send_side", CASE WHEN r."msg_type" = 17 THEN stat_pay_state(r."content") ELSE 0 END,
           count(*)::int, count(stat_money_cents(r."msg_type", r."content"))::int,
           coalesce(sum(stat_money_cents(r."msg_type", r."content")), 0)::bigint
    FROM new_rows r JOIN "tenants" t ON t."id" = r."tenant_id"
    WHERE r."msg_type" IN (16, 17)
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 3, 4, 5, 6
    ON CONFLICT ("work_account_id", "day", "msg_type", "send_side", "state")
    DO UPDATE SET "n" = s."n" + excluded."n", "priced" = s."priced" + excluded."priced",
                  "amount_cents" = s."amount_cents" + excluded."amount_cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_stat_money_add" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_money_apply"();
--> statement-breakpoint
CREATE TRIGGER "messages_stat_money_remove" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_money_apply"();
--> statement-breakpoint
-- Row level: only an update that moves a red packet or transfer between cells fires it (the
-- frequent delivery/read updates do not).
CREATE FUNCTION "stat_money_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  IF OLD."msg_type" IN (16, 17) THEN
    SELECT "time_zone" INTO tz FROM "tenants" WHERE "id" = OLD."tenant_id";
    UPDATE "stat_money_daily" SET "n" = "n" - 1,
      "priced" = "priced" - (stat_money_cents(OLD."msg_type", OLD."content") IS NOT NULL)::int,
      "amount_cents" = "amount_cents" - coalesce(stat_money_cents(OLD."msg_type", OLD."content"), 0)
    WHERE "work_account_id" = OLD."work_account_id" AND "day" = stat_msg_day(OLD."msg_time", tz)
      AND "msg_type" = OLD."msg_type" AND "send_side" = OLD."send_side"
      AND "state" = CASE WHEN OLD."msg_type" = 17 THEN stat_pay_state(OLD."content") ELSE 0 END;
  END IF;
  IF NEW."msg_type" IN (16, 17) THEN
    SELECT "time_zone" INTO tz FROM "tenants" WHERE "id" = NEW."tenant_id";
    INSERT INTO "stat_money_daily" AS s
      ("tenant_id", "work_account_id", "day", "msg_type", "send_side", "state", "n", "priced", "amount_cents")
    VALUES (NEW."tenant_id", NEW."work_account_id", stat_msg_day(NEW."msg_time", tz), NEW."msg_type",
            NEW."send_side", CASE WHEN NEW."msg_type" = 17 THEN stat_pay_state(NEW."content") ELSE 0 END, 1,
            (stat_money_cents(NEW."msg_type", NEW."content") IS NOT NULL)::int,
            coalesce(stat_money_cents(NEW."msg_type", NEW."content"), 0))
    ON CONFLICT ("work_account_id", "day", "msg_type", "send_side", "state")
    DO UPDATE SET "n" = s."n" + 1, "priced" = s."priced" + excluded."priced",
                  "amount_cents" = s."amount_cents" + excluded."amount_cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_stat_money_change"
  AFTER UPDATE OF "tenant_id", "work_account_id", "msg_type", "send_side", "msg_time", "content"
  ON "messages" FOR EACH ROW
  WHEN ((OLD."msg_type" IN (16, 17) OR NEW."msg_type" IN (16, 17))
    AND (OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id"
      OR OLD."work_account_id" IS DISTINCT FROM NEW."work_account_id"
      OR OLD."msg_type" IS DISTINCT FROM NEW."msg_type"
      OR OLD."send_side" IS DISTINCT FROM NEW."send_side"
      OR OLD."msg_time" IS DISTINCT FROM NEW."msg_time"
      OR OLD."content" IS DISTINCT FROM NEW."content"))
  EXECUTE FUNCTION "stat_money_change"();
--> statement-breakpoint
-- Tags: a link counts as gained on the day it was made; a removed link is logged in
-- contact_tag_removals and counted as lost on the day it went.
CREATE FUNCTION "stat_tags_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_tag_daily" AS s ("tenant_id", "work_account_id", "tag_id", "day", "added")
  SELECT r."tenant_id", c."work_account_id", r."tag_id", (r."created_at" AT TIME ZONE t."time_zone")::date,
         count(*)::int
  FROM new_rows r JOIN "contacts" c ON c."id" = r."contact_id"
  JOIN "tenants" t ON t."id" = r."tenant_id"
  GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
  ON CONFLICT ("work_account_id", "tag_id", "day") DO UPDATE SET "added" = s."added" + excluded."added";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Links removed while their contact stays (untagging, a deleted tag). Links of deleted contacts
-- are logged by "contacts_stat_tags_remove", which fires before "contacts_tags_remove" deletes them
-- (triggers of one event fire in name order); the join skips them here.
CREATE FUNCTION "stat_tags_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_tag_removals" ("tenant_id", "work_account_id", "contact_id", "tag_id", "added_at", "removed_at")
  SELECT r."tenant_id", c."work_account_id", r."contact_id", r."tag_id", r."created_at", now()
  FROM old_rows r JOIN "contacts" c ON c."id" = r."contact_id";
  INSERT INTO "stat_tag_daily" AS s ("tenant_id", "work_account_id", "tag_id", "day", "removed")
  SELECT r."tenant_id", c."work_account_id", r."tag_id", (now() AT TIME ZONE t."time_zone")::date, count(*)::int
  FROM old_rows r JOIN "contacts" c ON c."id" = r."contact_id"
  JOIN "tenants" t ON t."id" = r."tenant_id"
  GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
  ON CONFLICT ("work_account_id", "tag_id", "day") DO UPDATE SET "removed" = s."removed" + excluded."removed";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stat_contact_tags_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_tag_removals" ("tenant_id", "work_account_id", "contact_id", "tag_id", "added_at", "removed_at")
  SELECT ct."tenant_id", o."work_account_id", ct."contact_id", ct."tag_id", ct."created_at", now()
  FROM old_rows o JOIN "contact_tags" ct ON ct."contact_id" = o."id";
  INSERT INTO "stat_tag_daily" AS s ("tenant_id", "work_account_id", "tag_id", "day", "removed")
  SELECT ct."tenant_id", o."work_account_id", ct."tag_id", (now() AT TIME ZONE t."time_zone")::date, count(*)::int
  FROM old_rows o JOIN "contact_tags" ct ON ct."contact_id" = o."id"
  JOIN "tenants" t ON t."id" = ct."tenant_id"
  GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
  ON CONFLICT ("work_account_id", "tag_id", "day") DO UPDATE SET "removed" = s."removed" + excluded."removed";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_tags_stat_add" AFTER INSERT ON "contact_tags"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_tags_add"();
--> statement-breakpoint
CREATE TRIGGER "contact_tags_stat_remove" AFTER DELETE ON "contact_tags"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_tags_remove"();
--> statement-breakpoint
CREATE TRIGGER "contacts_stat_tags_remove" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_contact_tags_remove"();
--> statement-breakpoint
-- Work-account status: every change is logged (whatever the write path), and the log's events
-- counted per day: a login is a change to online, a logout from online to offline or not logged
-- in, a ban a change to banned, a kick-out a change to kickedOut.
CREATE FUNCTION "stat_account_status_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "account_status_log" ("tenant_id", "work_account_id", "status", "prev_status", "reason", "at")
  VALUES (NEW."tenant_id", NEW."id", NEW."status",
          CASE WHEN TG_OP = 'UPDATE' THEN OLD."status" END, coalesce(NEW."status_reason", ''),
          CASE WHEN TG_OP = 'UPDATE' AND NEW."status_at" IS NOT DISTINCT FROM OLD."status_at"
               THEN now() ELSE NEW."status_at" END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "work_accounts_status_log_add" AFTER INSERT ON "work_accounts"
  FOR EACH ROW EXECUTE FUNCTION "stat_account_status_log"();
--> statement-breakpoint
CREATE TRIGGER "work_accounts_status_log_change" AFTER UPDATE OF "status" ON "work_accounts"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "stat_account_status_log"();
--> statement-breakpoint
CREATE FUNCTION "stat_login_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_login_daily" AS s ("tenant_id", "work_account_id", "day", "logins", "logouts", "bans", "kickouts")
  SELECT r."tenant_id", r."work_account_id", (r."at" AT TIME ZONE t."time_zone")::date,
         count(*) FILTER (WHERE r."status" = 'online')::int,
         count(*) FILTER (WHERE r."prev_status" = 'online' AND r."status" IN ('offline', 'notLoggedIn'))::int,
         count(*) FILTER (WHERE r."status" = 'banned')::int,
         count(*) FILTER (WHERE r."status" = 'kickedOut')::int
  FROM new_rows r JOIN "tenants" t ON t."id" = r."tenant_id"
  GROUP BY 1, 2, 3 ORDER BY 2, 3
  ON CONFLICT ("work_account_id", "day") DO UPDATE SET
    "logins" = s."logins" + excluded."logins", "logouts" = s."logouts" + excluded."logouts",
    "bans" = s."bans" + excluded."bans", "kickouts" = s."kickouts" + excluded."kickouts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "account_status_log_stat_add" AFTER INSERT ON "account_status_log"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_login_add"();
--> statement-breakpoint
-- Rebuilds one tenant's tag, money and login rollups from the raw rows (after stat_rebuild; the
-- caller locks the rollup tables first).
CREATE FUNCTION "stat_rebuild_reports"("tenant" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  SELECT "time_zone" INTO tz FROM "tenants" WHERE "id" = "tenant";
  DELETE FROM "stat_tag_daily" WHERE "tenant_id" = "tenant";
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
  INSERT INTO "stat_login_daily" ("tenant_id", "work_account_id", "day", "logins", "logouts", "bans", "kickouts")
  SELECT "tenant", "work_account_id", ("at" AT TIME ZONE tz)::date,
         count(*) FILTER (WHERE "status" = 'online')::int,
         count(*) FILTER (WHERE "prev_status" = 'online' AND "status" IN ('offline', 'notLoggedIn'))::int,
         count(*) FILTER (WHERE "status" = 'banned')::int,
         count(*) FILTER (WHERE "status" = 'kickedOut')::int
  FROM "account_status_log" WHERE "tenant_id" = "tenant" GROUP BY 2, 3;
END $$;
--> statement-breakpoint
-- The accounts that exist now start their log with their current status (at its time).
INSERT INTO "account_status_log" ("tenant_id", "work_account_id", "status", "reason", "at")
SELECT "tenant_id", "id", "status", "status_reason", "status_at" FROM "work_accounts";
--> statement-breakpoint
SELECT "stat_rebuild_reports"("id") FROM "tenants";
