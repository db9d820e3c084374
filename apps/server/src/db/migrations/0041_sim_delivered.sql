ALTER TABLE "sim_accounts" ADD COLUMN "delivered_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_messages_account_seq" ON "sim_messages" USING btree ("account_wxid","seq");--> statement-breakpoint
-- Accounts that existed before: the console has taken what they hold, so nothing is delivered twice.
UPDATE "sim_accounts" a SET "delivered_seq" = coalesce((SELECT max(m."seq") FROM "sim_messages" m WHERE m."account_wxid" = a."wxid" AND m."request_id" IS NULL), 0);
