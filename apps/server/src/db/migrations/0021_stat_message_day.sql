CREATE TABLE "stat_message_day" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"robot" integer DEFAULT 0 NOT NULL,
	"text" integer DEFAULT 0 NOT NULL,
	"image" integer DEFAULT 0 NOT NULL,
	"voice" integer DEFAULT 0 NOT NULL,
	"video" integer DEFAULT 0 NOT NULL,
	"emoticon" integer DEFAULT 0 NOT NULL,
	"document" integer DEFAULT 0 NOT NULL,
	"other" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_message_day_work_account_id_day_pk" PRIMARY KEY("work_account_id","day")
);
--> statement-breakpoint
CREATE INDEX "stat_message_day_tenant_day" ON "stat_message_day" USING btree ("tenant_id","day");--> statement-breakpoint
-- Hand-written (issue 20, speed): stat_message_day holds stat_message_daily's sums per account
-- and day, the type, direction and robot flag folded into columns. Statement triggers on
-- stat_message_daily itself keep it, so every path that moves a message count (the message
-- triggers, stat_rebuild) moves the day's row in the same statement.
CREATE FUNCTION "stat_message_day_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE src text;
BEGIN
  src := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT "tenant_id", "work_account_id", "day", "msg_type", "send_side", "robot", "n" FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT "tenant_id", "work_account_id", "day", "msg_type", "send_side", "robot", -"n" FROM old_rows'
    ELSE 'SELECT "tenant_id", "work_account_id", "day", "msg_type", "send_side", "robot", "n" FROM new_rows
          UNION ALL SELECT "tenant_id", "work_account_id", "day", "msg_type", "send_side", "robot", -"n" FROM old_rows'
  END;
  EXECUTE format($q$
    INSERT INTO "stat_message_day" AS s ("tenant_id", "work_account_id", "day", "sent", "received",
      "robot", "text", "image", "voice", "video", "emoticon", "document", "other")
    SELECT t, a, d,
      coalesce(sum(n) FILTER (WHERE side = 1), 0)::int,
      coalesce(sum(n) FILTER (WHERE side <> 1), 0)::int,
      coalesce(sum(n) FILTER (WHERE rb), 0)::int,
      coalesce(sum(n) FILTER (WHERE ty = 1), 0)::int,
      coalesce(sum(n) FILTER (WHERE ty = 2), 0)::int,
      coalesce(sum(n) FILTER (WHERE ty = 6), 0)::int,
      coalesce(sum(n) FILTER (WHERE ty = 5), 0)::int,
      coalesce(sum(n) FILTER (WHERE ty = 4), 0)::int,
      coalesce(sum(n) FILTER (WHERE ty = 3), 0)::int,
      coalesce(sum(n) FILTER (WHERE ty NOT IN (1, 2, 3, 4, 5, 6)), 0)::int
    FROM (%s) r(t, a, d, ty, side, rb, n)
    GROUP BY t, a, d HAVING bool_or(n <> 0) ORDER BY a, d
    ON CONFLICT ("work_account_id", "day") DO UPDATE SET
      "sent" = s."sent" + excluded."sent", "received" = s."received" + excluded."received",
      "robot" = s."robot" + excluded."robot", "text" = s."text" + excluded."text",
      "image" = s."image" + excluded."image", "voice" = s."voice" + excluded."voice",
      "video" = s."video" + excluded."video", "emoticon" = s."emoticon" + excluded."emoticon",
      "document" = s."document" + excluded."document", "other" = s."other" + excluded."other"
  $q$, src);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_message_daily_day_add" AFTER INSERT ON "stat_message_daily"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_message_day_sync"();
--> statement-breakpoint
CREATE TRIGGER "stat_message_daily_day_remove" AFTER DELETE ON "stat_message_daily"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_message_day_sync"();
--> statement-breakpoint
CREATE TRIGGER "stat_message_daily_day_change" AFTER UPDATE ON "stat_message_daily"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "stat_message_day_sync"();
--> statement-breakpoint
INSERT INTO "stat_message_day" ("tenant_id", "work_account_id", "day", "sent", "received",
  "robot", "text", "image", "voice", "video", "emoticon", "document", "other")
SELECT "tenant_id", "work_account_id", "day",
  coalesce(sum("n") FILTER (WHERE "send_side" = 1), 0)::int,
  coalesce(sum("n") FILTER (WHERE "send_side" <> 1), 0)::int,
  coalesce(sum("n") FILTER (WHERE "robot"), 0)::int,
  coalesce(sum("n") FILTER (WHERE "msg_type" = 1), 0)::int,
  coalesce(sum("n") FILTER (WHERE "msg_type" = 2), 0)::int,
  coalesce(sum("n") FILTER (WHERE "msg_type" = 6), 0)::int,
  coalesce(sum("n") FILTER (WHERE "msg_type" = 5), 0)::int,
  coalesce(sum("n") FILTER (WHERE "msg_type" = 4), 0)::int,
  coalesce(sum("n") FILTER (WHERE "msg_type" = 3), 0)::int,
  coalesce(sum("n") FILTER (WHERE "msg_type" NOT IN (1, 2, 3, 4, 5, 6)), 0)::int
FROM "stat_message_daily" GROUP BY 1, 2, 3;
