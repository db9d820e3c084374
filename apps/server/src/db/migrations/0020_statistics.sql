CREATE TABLE "contact_removals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_removals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"wxid" text NOT NULL,
	"source" text NOT NULL,
	"added_at" timestamp with time zone,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_friend_daily" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_friend_daily_work_account_id_day_source_pk" PRIMARY KEY("work_account_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "stat_friend_request_daily" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"direction" text NOT NULL,
	"origin" text NOT NULL,
	"status" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_friend_request_daily_work_account_id_day_direction_origin_status_pk" PRIMARY KEY("work_account_id","day","direction","origin","status")
);
--> statement-breakpoint
CREATE TABLE "stat_message_daily" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"msg_type" smallint NOT NULL,
	"send_side" smallint NOT NULL,
	"robot" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_message_daily_work_account_id_day_msg_type_send_side_robot_pk" PRIMARY KEY("work_account_id","day","msg_type","send_side","robot")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_removals_tenant_time" ON "contact_removals" USING btree ("tenant_id","removed_at");--> statement-breakpoint
CREATE INDEX "stat_friend_daily_tenant_day" ON "stat_friend_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_friend_request_daily_tenant_day" ON "stat_friend_request_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_message_daily_tenant_day" ON "stat_message_daily" USING btree ("tenant_id","day");--> statement-breakpoint
-- Hand-written (issue 20): the statistics rollups are kept by triggers in the statement that
-- writes the raw rows, in the tenant's time zone; stat_rebuild(tenant) recomputes them.
CREATE FUNCTION "stat_msg_day"("ms" bigint, "tz" text) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (to_timestamp("ms" / 1000.0) AT TIME ZONE "tz")::date
$$;
--> statement-breakpoint
CREATE FUNCTION "stat_messages_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_message_daily" AS s
    ("tenant_id", "work_account_id", "day", "msg_type", "send_side", "robot", "n")
  SELECT r."tenant_id", r."work_account_id", stat_msg_day(r."msg_time", t."time_zone"),
         r."msg_type", r."send_side", r."robot", count(*)::int
  FROM new_rows r JOIN "tenants" t ON t."id" = r."tenant_id"
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 3, 4, 5, 6
  ON CONFLICT ("work_account_id", "day", "msg_type", "send_side", "robot")
  DO UPDATE SET "n" = s."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stat_messages_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stat_message_daily" s SET "n" = s."n" - o.c
  FROM (
    SELECT r."work_account_id", stat_msg_day(r."msg_time", t."time_zone") AS "day", r."msg_type",
           r."send_side", r."robot", count(*)::int AS c
    FROM old_rows r JOIN "tenants" t ON t."id" = r."tenant_id" GROUP BY 1, 2, 3, 4, 5
  ) o
  WHERE s."work_account_id" = o."work_account_id" AND s."day" = o."day"
    AND s."msg_type" = o."msg_type" AND s."send_side" = o."send_side" AND s."robot" = o."robot";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stat_messages_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  SELECT "time_zone" INTO tz FROM "tenants" WHERE "id" = OLD."tenant_id";
  UPDATE "stat_message_daily" SET "n" = "n" - 1
  WHERE "work_account_id" = OLD."work_account_id" AND "day" = stat_msg_day(OLD."msg_time", tz)
    AND "msg_type" = OLD."msg_type" AND "send_side" = OLD."send_side" AND "robot" = OLD."robot";
  SELECT "time_zone" INTO tz FROM "tenants" WHERE "id" = NEW."tenant_id";
  INSERT INTO "stat_message_daily" AS s
    ("tenant_id", "work_account_id", "day", "msg_type", "send_side", "robot", "n")
  VALUES (NEW."tenant_id", NEW."work_account_id", stat_msg_day(NEW."msg_time", tz),
          NEW."msg_type", NEW."send_side", NEW."robot", 1)
  ON CONFLICT ("work_account_id", "day", "msg_type", "send_side", "robot")
  DO UPDATE SET "n" = s."n" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_stat_add" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_messages_add"();
--> statement-breakpoint
CREATE TRIGGER "messages_stat_remove" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_messages_remove"();
--> statement-breakpoint
CREATE TRIGGER "messages_stat_change"
  AFTER UPDATE OF "tenant_id", "work_account_id", "msg_type", "send_side", "robot", "msg_time"
  ON "messages" FOR EACH ROW
  WHEN (OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id"
     OR OLD."work_account_id" IS DISTINCT FROM NEW."work_account_id"
     OR OLD."msg_type" IS DISTINCT FROM NEW."msg_type"
     OR OLD."send_side" IS DISTINCT FROM NEW."send_side"
     OR OLD."robot" IS DISTINCT FROM NEW."robot"
     OR OLD."msg_time" IS DISTINCT FROM NEW."msg_time")
  EXECUTE FUNCTION "stat_messages_change"();
--> statement-breakpoint
CREATE FUNCTION "stat_contacts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_friend_daily" AS s ("tenant_id", "work_account_id", "day", "source", "added")
  SELECT r."tenant_id", r."work_account_id", (r."added_at" AT TIME ZONE t."time_zone")::date,
         r."source", count(*)::int
  FROM new_rows r JOIN "tenants" t ON t."id" = r."tenant_id"
  WHERE r."added_at" IS NOT NULL
  GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
  ON CONFLICT ("work_account_id", "day", "source") DO UPDATE SET "added" = s."added" + excluded."added";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stat_contacts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_removals" ("tenant_id", "work_account_id", "wxid", "source", "added_at", "removed_at")
  SELECT "tenant_id", "work_account_id", "wxid", "source", "added_at", now() FROM old_rows;
  INSERT INTO "stat_friend_daily" AS s ("tenant_id", "work_account_id", "day", "source", "removed")
  SELECT r."tenant_id", r."work_account_id", (now() AT TIME ZONE t."time_zone")::date,
         r."source", count(*)::int
  FROM old_rows r JOIN "tenants" t ON t."id" = r."tenant_id"
  GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
  ON CONFLICT ("work_account_id", "day", "source") DO UPDATE SET "removed" = s."removed" + excluded."removed";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stat_contacts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  SELECT "time_zone" INTO tz FROM "tenants" WHERE "id" = NEW."tenant_id";
  IF OLD."added_at" IS NOT NULL THEN
    UPDATE "stat_friend_daily" SET "added" = "added" - 1
    WHERE "work_account_id" = OLD."work_account_id"
      AND "day" = (OLD."added_at" AT TIME ZONE tz)::date AND "source" = OLD."source";
  END IF;
  IF NEW."added_at" IS NOT NULL THEN
    INSERT INTO "stat_friend_daily" AS s ("tenant_id", "work_account_id", "day", "source", "added")
    VALUES (NEW."tenant_id", NEW."work_account_id", (NEW."added_at" AT TIME ZONE tz)::date,
            NEW."source", 1)
    ON CONFLICT ("work_account_id", "day", "source") DO UPDATE SET "added" = s."added" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_stat_add" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_contacts_add"();
--> statement-breakpoint
CREATE TRIGGER "contacts_stat_remove" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_contacts_remove"();
--> statement-breakpoint
CREATE TRIGGER "contacts_stat_change" AFTER UPDATE OF "added_at", "source" ON "contacts"
  FOR EACH ROW
  WHEN (OLD."added_at" IS DISTINCT FROM NEW."added_at" OR OLD."source" IS DISTINCT FROM NEW."source")
  EXECUTE FUNCTION "stat_contacts_change"();
--> statement-breakpoint
CREATE FUNCTION "stat_friend_requests_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "stat_friend_request_daily" s SET "n" = s."n" - o.c
    FROM (
      SELECT r."work_account_id", (r."created_at" AT TIME ZONE t."time_zone")::date AS "day",
             r."direction", coalesce(r."origin", '') AS "origin", r."status", count(*)::int AS c
      FROM old_rows r JOIN "tenants" t ON t."id" = r."tenant_id" GROUP BY 1, 2, 3, 4, 5
    ) o
    WHERE s."work_account_id" = o."work_account_id" AND s."day" = o."day"
      AND s."direction" = o."direction" AND s."origin" = o."origin" AND s."status" = o."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "stat_friend_request_daily" AS s
      ("tenant_id", "work_account_id", "day", "direction", "origin", "status", "n")
    SELECT r."tenant_id", r."work_account_id", (r."created_at" AT TIME ZONE t."time_zone")::date,
           r."direction", coalesce(r."origin", ''), r."status", count(*)::int
    FROM new_rows r JOIN "tenants" t ON t."id" = r."tenant_id"
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 3, 4, 5, 6
    ON CONFLICT ("work_account_id", "day", "direction", "origin", "status")
    DO UPDATE SET "n" = s."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "friend_requests_stat_add" AFTER INSERT ON "friend_requests"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_friend_requests_apply"();
--> statement-breakpoint
CREATE TRIGGER "friend_requests_stat_remove" AFTER DELETE ON "friend_requests"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_friend_requests_apply"();
--> statement-breakpoint
CREATE TRIGGER "friend_requests_stat_change" AFTER UPDATE ON "friend_requests"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "stat_friend_requests_apply"();
--> statement-breakpoint
-- Rebuilds one tenant's rollups from the raw rows (the backfill; also after a time-zone change).
-- The caller locks the rollup tables first so no event's delta is lost or counted twice.
CREATE FUNCTION "stat_rebuild"("tenant" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  SELECT "time_zone" INTO tz FROM "tenants" WHERE "id" = "tenant";
  DELETE FROM "stat_message_daily" WHERE "tenant_id" = "tenant";
  DELETE FROM "stat_friend_daily" WHERE "tenant_id" = "tenant";
  DELETE FROM "stat_friend_request_daily" WHERE "tenant_id" = "tenant";
  INSERT INTO "stat_message_daily"
    ("tenant_id", "work_account_id", "day", "msg_type", "send_side", "robot", "n")
  SELECT "tenant", "work_account_id", stat_msg_day("msg_time", tz), "msg_type", "send_side",
         "robot", count(*)::int
  FROM "messages" WHERE "tenant_id" = "tenant" GROUP BY 2, 3, 4, 5, 6;
  INSERT INTO "stat_friend_daily" ("tenant_id", "work_account_id", "day", "source", "added", "removed")
  SELECT "tenant", a, d, src, sum(ad)::int, sum(rm)::int FROM (
    SELECT "work_account_id" a, ("added_at" AT TIME ZONE tz)::date d, "source" src, 1 ad, 0 rm
      FROM "contacts" WHERE "tenant_id" = "tenant" AND "added_at" IS NOT NULL
    UNION ALL
    SELECT "work_account_id", ("added_at" AT TIME ZONE tz)::date, "source", 1, 0
      FROM "contact_removals" WHERE "tenant_id" = "tenant" AND "added_at" IS NOT NULL
    UNION ALL
    SELECT "work_account_id", ("removed_at" AT TIME ZONE tz)::date, "source", 0, 1
      FROM "contact_removals" WHERE "tenant_id" = "tenant"
  ) x GROUP BY 2, 3, 4;
  INSERT INTO "stat_friend_request_daily"
    ("tenant_id", "work_account_id", "day", "direction", "origin", "status", "n")
  SELECT "tenant", "work_account_id", ("created_at" AT TIME ZONE tz)::date, "direction",
         coalesce("origin", ''), "status", count(*)::int
  FROM "friend_requests" WHERE "tenant_id" = "tenant" GROUP BY 2, 3, 4, 5, 6;
END $$;
--> statement-breakpoint
SELECT "stat_rebuild"("id") FROM "tenants";
