CREATE TABLE "stat_friend_day" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"added_manual" integer DEFAULT 0 NOT NULL,
	"added_task" integer DEFAULT 0 NOT NULL,
	"added_auto_accept" integer DEFAULT 0 NOT NULL,
	"added_phone" integer DEFAULT 0 NOT NULL,
	"added_other" integer DEFAULT 0 NOT NULL,
	"removed_manual" integer DEFAULT 0 NOT NULL,
	"removed_task" integer DEFAULT 0 NOT NULL,
	"removed_auto_accept" integer DEFAULT 0 NOT NULL,
	"removed_phone" integer DEFAULT 0 NOT NULL,
	"removed_other" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_friend_day_work_account_id_day_pk" PRIMARY KEY("work_account_id","day")
);
--> statement-breakpoint
CREATE INDEX "stat_friend_day_tenant_day" ON "stat_friend_day" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE TABLE "stat_service_flow" (
	"flow_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"seat" uuid,
	"kind" text NOT NULL,
	"at" bigint NOT NULL,
	"day" date NOT NULL,
	"ms" bigint
);
--> statement-breakpoint
CREATE INDEX "stat_service_flow_tenant_day" ON "stat_service_flow" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_service_flow_conv" ON "stat_service_flow" USING btree ("conversation_id","at");--> statement-breakpoint
-- Hand-written (issue 35): the service report's flow figures without reading turns per
-- resolution. Each log row is copied with its tenant day and, for a resolution, its time to
-- resolve: from the first turn (stat_service_turns) that began after the chat's previous
-- resolution (the previous "resolved" row of its log, by id; none: from its first turn) up to
-- the resolution, null when no turn began since. A write to a chat's messages changes its turns
-- from the earliest position it touches on, so the resolutions of that chat from that time on are
-- timed again (stat_service_apply); a log row changed or deleted times the chat's others again.
CREATE FUNCTION "stat_flow_resolve_ms"("_c" uuid, "_id" bigint, "_at" bigint)
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT "_at" - min(k."start_t") FROM "stat_service_turns" k
  WHERE k."conversation_id" = "_c" AND k."start_t" <= "_at"
    AND k."start_t" > coalesce((
      SELECT p."at" FROM "conversation_flow_log" p
      WHERE p."conversation_id" = "_c" AND p."id" < "_id" AND p."kind" = 'resolved'
      ORDER BY p."conversation_id" DESC, p."id" DESC LIMIT 1), -1)
$$;
--> statement-breakpoint
-- Times again the resolutions of chats `cs` at or after the matching time of `ts` (the least per chat).
CREATE FUNCTION "stat_flow_retime"("cs" uuid[], "ts" bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "stat_service_flow" f
  SET "ms" = stat_flow_resolve_ms(f."conversation_id", f."flow_id", f."at")
  FROM (SELECT x.c, min(x.t) AS t FROM unnest("cs", "ts") x(c, t) GROUP BY x.c) p
  WHERE f."conversation_id" = p.c AND f."at" >= p.t AND f."kind" = 'resolved'
    AND f."ms" IS DISTINCT FROM stat_flow_resolve_ms(f."conversation_id", f."flow_id", f."at");
$$;
--> statement-breakpoint
CREATE FUNCTION "stat_flow_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cs uuid[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "stat_service_flow" s USING old_rows o WHERE s."flow_id" = o."id";
    SELECT array_agg(DISTINCT "conversation_id") INTO cs FROM old_rows;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    -- A new row comes last in its chat's log: on an insert no other resolution's time changes.
    INSERT INTO "stat_service_flow" ("flow_id", "tenant_id", "conversation_id", "work_account_id",
      "seat", "kind", "at", "day", "ms")
    SELECT l."id", l."tenant_id", l."conversation_id", l."work_account_id", l."user_id", l."kind",
           l."at", stat_msg_day(l."at", t."time_zone"),
           CASE WHEN l."kind" = 'resolved'
                THEN stat_flow_resolve_ms(l."conversation_id", l."id", l."at") END
    FROM new_rows l JOIN "tenants" t ON t."id" = l."tenant_id";
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT c) INTO cs FROM (
      SELECT unnest(cs) AS c UNION SELECT "conversation_id" FROM new_rows) x;
  END IF;
  IF cs IS NOT NULL THEN
    PERFORM stat_flow_retime(cs, array_fill('-9223372036854775808'::bigint, ARRAY[cardinality(cs)]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "conversation_flow_log_stat_add" AFTER INSERT ON "conversation_flow_log"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_flow_apply"();
--> statement-breakpoint
CREATE TRIGGER "conversation_flow_log_stat_remove" AFTER DELETE ON "conversation_flow_log"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_flow_apply"();
--> statement-breakpoint
CREATE TRIGGER "conversation_flow_log_stat_change" AFTER UPDATE ON "conversation_flow_log"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "stat_flow_apply"();
--> statement-breakpoint
-- The message triggers of 0026, now also timing again the resolutions after the changed turns
-- (a turn's start only moves from the earliest position a write touches on).
CREATE OR REPLACE FUNCTION "stat_service_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF cs IS NOT NULL THEN
    PERFORM stat_service_changes(cs, ts, ids, sides, us, ns);
    PERFORM stat_flow_retime(cs, ts);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rebuilds one tenant's copy of the log (the caller locks the table first; the turns are rebuilt).
CREATE FUNCTION "stat_rebuild_flow"("tenant" uuid) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
SELECT "stat_rebuild_flow"("id") FROM "tenants";
--> statement-breakpoint
-- Hand-written (issue 35): stat_friend_day holds stat_friend_daily's sums per account and day,
-- the sources folded into columns, as stat_message_day does for messages. Statement triggers on
-- stat_friend_daily itself keep it, so every path that moves a friend count (the contact
-- triggers, stat_rebuild) moves the day's row in the same statement.
CREATE FUNCTION "stat_friend_day_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE src text;
BEGIN
  src := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT "tenant_id", "work_account_id", "day", "source", "added", "removed" FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT "tenant_id", "work_account_id", "day", "source", -"added", -"removed" FROM old_rows'
    ELSE 'SELECT "tenant_id", "work_account_id", "day", "source", "added", "removed" FROM new_rows
          UNION ALL SELECT "tenant_id", "work_account_id", "day", "source", -"added", -"removed" FROM old_rows'
  END;
  EXECUTE format($q$
    INSERT INTO "stat_friend_day" AS s ("tenant_id", "work_account_id", "day", "added_manual",
      "added_task", "added_auto_accept", "added_phone", "added_other", "removed_manual",
      "removed_task", "removed_auto_accept", "removed_phone", "removed_other")
    SELECT t, a, d,
      coalesce(sum(ad) FILTER (WHERE src = 'manual'), 0)::int,
      coalesce(sum(ad) FILTER (WHERE src = 'task'), 0)::int,
      coalesce(sum(ad) FILTER (WHERE src = 'autoAccept'), 0)::int,
      coalesce(sum(ad) FILTER (WHERE src = 'phone'), 0)::int,
      coalesce(sum(ad) FILTER (WHERE src NOT IN ('manual', 'task', 'autoAccept', 'phone')), 0)::int,
      coalesce(sum(rm) FILTER (WHERE src = 'manual'), 0)::int,
      coalesce(sum(rm) FILTER (WHERE src = 'task'), 0)::int,
      coalesce(sum(rm) FILTER (WHERE src = 'autoAccept'), 0)::int,
      coalesce(sum(rm) FILTER (WHERE src = 'phone'), 0)::int,
      coalesce(sum(rm) FILTER (WHERE src NOT IN ('manual', 'task', 'autoAccept', 'phone')), 0)::int
    FROM (%s) r(t, a, d, src, ad, rm)
    GROUP BY t, a, d HAVING bool_or(ad <> 0 OR rm <> 0) ORDER BY a, d
    ON CONFLICT ("work_account_id", "day") DO UPDATE SET
      "added_manual" = s."added_manual" + excluded."added_manual",
      "added_task" = s."added_task" + excluded."added_task",
      "added_auto_accept" = s."added_auto_accept" + excluded."added_auto_accept",
      "added_phone" = s."added_phone" + excluded."added_phone",
      "added_other" = s."added_other" + excluded."added_other",
      "removed_manual" = s."removed_manual" + excluded."removed_manual",
      "removed_task" = s."removed_task" + excluded."removed_task",
      "removed_auto_accept" = s."removed_auto_accept" + excluded."removed_auto_accept",
      "removed_phone" = s."removed_phone" + excluded."removed_phone",
      "removed_other" = s."removed_other" + excluded."removed_other"
  $q$, src);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_friend_daily_day_add" AFTER INSERT ON "stat_friend_daily"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_friend_day_sync"();
--> statement-breakpoint
CREATE TRIGGER "stat_friend_daily_day_remove" AFTER DELETE ON "stat_friend_daily"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_friend_day_sync"();
--> statement-breakpoint
CREATE TRIGGER "stat_friend_daily_day_change" AFTER UPDATE ON "stat_friend_daily"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "stat_friend_day_sync"();
--> statement-breakpoint
INSERT INTO "stat_friend_day" ("tenant_id", "work_account_id", "day", "added_manual",
  "added_task", "added_auto_accept", "added_phone", "added_other", "removed_manual",
  "removed_task", "removed_auto_accept", "removed_phone", "removed_other")
SELECT "tenant_id", "work_account_id", "day",
  coalesce(sum("added") FILTER (WHERE "source" = 'manual'), 0)::int,
  coalesce(sum("added") FILTER (WHERE "source" = 'task'), 0)::int,
  coalesce(sum("added") FILTER (WHERE "source" = 'autoAccept'), 0)::int,
  coalesce(sum("added") FILTER (WHERE "source" = 'phone'), 0)::int,
  coalesce(sum("added") FILTER (WHERE "source" NOT IN ('manual', 'task', 'autoAccept', 'phone')), 0)::int,
  coalesce(sum("removed") FILTER (WHERE "source" = 'manual'), 0)::int,
  coalesce(sum("removed") FILTER (WHERE "source" = 'task'), 0)::int,
  coalesce(sum("removed") FILTER (WHERE "source" = 'autoAccept'), 0)::int,
  coalesce(sum("removed") FILTER (WHERE "source" = 'phone'), 0)::int,
  coalesce(sum("removed") FILTER (WHERE "source" NOT IN ('manual', 'task', 'autoAccept', 'phone')), 0)::int
FROM "stat_friend_daily" GROUP BY 1, 2, 3;
