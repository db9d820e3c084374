CREATE TABLE "conversation_counts" (
	"work_account_id" uuid NOT NULL,
	"talk_type" smallint NOT NULL,
	"tenant_id" uuid NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_counts_work_account_id_talk_type_pk" PRIMARY KEY("work_account_id","talk_type")
);
--> statement-breakpoint
CREATE INDEX "conversation_counts_tenant" ON "conversation_counts" USING btree ("tenant_id");--> statement-breakpoint
CREATE FUNCTION "conversation_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "conversation_counts" AS cc ("work_account_id", "talk_type", "tenant_id", "n")
  SELECT "work_account_id", "talk_type", "tenant_id", count(*)::int FROM new_rows
  GROUP BY "work_account_id", "talk_type", "tenant_id"
  ORDER BY "work_account_id", "talk_type"
  ON CONFLICT ("work_account_id", "talk_type") DO UPDATE SET "n" = cc."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "conversation_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "conversation_counts" cc SET "n" = cc."n" - o.c
  FROM (SELECT "work_account_id", "talk_type", count(*)::int AS c FROM old_rows GROUP BY 1, 2) o
  WHERE cc."work_account_id" = o."work_account_id" AND cc."talk_type" = o."talk_type";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "conversations_count_add" AFTER INSERT ON "conversations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "conversation_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "conversations_count_remove" AFTER DELETE ON "conversations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "conversation_counts_remove"();
--> statement-breakpoint
INSERT INTO "conversation_counts" ("work_account_id", "talk_type", "tenant_id", "n")
SELECT "work_account_id", "talk_type", "tenant_id", count(*)::int FROM "conversations"
GROUP BY "work_account_id", "talk_type", "tenant_id";
