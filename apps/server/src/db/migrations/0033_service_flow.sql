CREATE TABLE "assignment_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"scope_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"cap" integer,
	"last_uid" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_flow_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_flow_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"seen_at" bigint DEFAULT 0 NOT NULL,
	"dnd" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assignee_uid" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assignee_name" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "snooze_until" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender_kind" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_rules_scope" ON "assignment_rules" USING btree ("tenant_id","scope","scope_id");--> statement-breakpoint
CREATE INDEX "conversation_flow_log_tenant_at" ON "conversation_flow_log" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "conversation_flow_log_conv" ON "conversation_flow_log" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "conversations_assignee" ON "conversations" USING btree ("tenant_id","assignee_uid","status");--> statement-breakpoint
CREATE INDEX "conversations_snoozed" ON "conversations" USING btree ("snooze_until") WHERE "conversations"."status" = 'snoozed';--> statement-breakpoint
-- Backfill: a seat's console sends name the seat (its nickname now, as at send time none was kept),
-- a robot's the robot; other sent messages stay without a sender (unknown before this column).
UPDATE "messages" m SET "sender_kind" = 'seat', "sender_id" = m."sender_user_id"::text,
  "sender_name" = coalesce(nullif(u."nickname", ''), u."username")
  FROM "users" u WHERE u."id" = m."sender_user_id" AND m."sender_kind" IS NULL;--> statement-breakpoint
UPDATE "messages" SET "sender_kind" = 'robot' WHERE "robot" AND "sender_kind" IS NULL;
