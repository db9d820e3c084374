CREATE TABLE "conversation_view_counts" (
	"work_account_id" uuid NOT NULL,
	"talk_type" smallint NOT NULL,
	"assignee_uid" uuid,
	"status" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_view_counts_key" UNIQUE NULLS NOT DISTINCT("work_account_id","talk_type","assignee_uid","status")
);
--> statement-breakpoint
CREATE INDEX "conversation_view_counts_tenant" ON "conversation_view_counts" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "conversations_view_order" ON "conversations" USING btree ("tenant_id","assignee_uid","is_pin" DESC NULLS LAST,"latest_msg_time" DESC NULLS LAST,"id") WHERE "conversations"."status" <> 'resolved';--> statement-breakpoint
CREATE FUNCTION "conversation_view_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "conversation_view_counts" AS vc ("work_account_id", "talk_type", "assignee_uid", "status", "tenant_id", "n")
  SELECT "work_account_id", "talk_type", "assignee_uid", "status", "tenant_id", count(*)::int FROM new_rows
  GROUP BY "work_account_id", "talk_type", "assignee_uid", "status", "tenant_id"
  ORDER BY "work_account_id", "talk_type", "assignee_uid", "status"
  ON CONFLICT ("work_account_id", "talk_type", "assignee_uid", "status") DO UPDATE SET "n" = vc."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "conversation_view_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "conversation_view_counts" vc SET "n" = vc."n" - o.c
  FROM (SELECT "work_account_id", "talk_type", "assignee_uid", "status", count(*)::int AS c
        FROM old_rows GROUP BY 1, 2, 3, 4) o
  WHERE vc."work_account_id" = o."work_account_id" AND vc."talk_type" = o."talk_type"
    AND vc."assignee_uid" IS NOT DISTINCT FROM o."assignee_uid" AND vc."status" = o."status";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves the rows whose key (account, talk type, assignee, status) changed from their
-- old count to their new one, in one statement in key order; an update changing none of them
-- (a new message, a read, a pin) writes nothing.
CREATE FUNCTION "conversation_view_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "conversation_view_counts" AS vc ("work_account_id", "talk_type", "assignee_uid", "status", "tenant_id", "n")
  SELECT k."work_account_id", k."talk_type", k."assignee_uid", k."status", k."tenant_id", sum(k.d)::int
  FROM (
    SELECT o."work_account_id", o."talk_type", o."assignee_uid", o."status", o."tenant_id", -1 AS d
    FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE (o."work_account_id", o."talk_type", o."assignee_uid", o."status")
      IS DISTINCT FROM (n."work_account_id", n."talk_type", n."assignee_uid", n."status")
    UNION ALL
    SELECT n."work_account_id", n."talk_type", n."assignee_uid", n."status", n."tenant_id", 1 AS d
    FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE (o."work_account_id", o."talk_type", o."assignee_uid", o."status")
      IS DISTINCT FROM (n."work_account_id", n."talk_type", n."assignee_uid", n."status")
  ) k
  GROUP BY k."work_account_id", k."talk_type", k."assignee_uid", k."status", k."tenant_id"
  HAVING sum(k.d) <> 0
  ORDER BY k."work_account_id", k."talk_type", k."assignee_uid", k."status"
  ON CONFLICT ("work_account_id", "talk_type", "assignee_uid", "status") DO UPDATE SET "n" = vc."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "conversations_view_count_add" AFTER INSERT ON "conversations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "conversation_view_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "conversations_view_count_remove" AFTER DELETE ON "conversations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "conversation_view_counts_remove"();
--> statement-breakpoint
CREATE TRIGGER "conversations_view_count_move" AFTER UPDATE ON "conversations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "conversation_view_counts_move"();
--> statement-breakpoint
INSERT INTO "conversation_view_counts" ("work_account_id", "talk_type", "assignee_uid", "status", "tenant_id", "n")
SELECT "work_account_id", "talk_type", "assignee_uid", "status", "tenant_id", count(*)::int FROM "conversations"
GROUP BY "work_account_id", "talk_type", "assignee_uid", "status", "tenant_id";
