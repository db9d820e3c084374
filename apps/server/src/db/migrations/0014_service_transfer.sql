CREATE TABLE "conversation_translate_settings" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"seat_lang" text NOT NULL,
	"peer_lang" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_translations" (
	"tenant_id" uuid NOT NULL,
	"message_id" bigint NOT NULL,
	"target" text NOT NULL,
	"text" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_service_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_service_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"transfer_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"work_account_id" uuid NOT NULL,
	"conversation_id" uuid,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "push_events" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "disturb" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "served_by" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_translate_settings_user_conv" ON "conversation_translate_settings" USING btree ("user_id","conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_translations_message_target" ON "message_translations" USING btree ("message_id","target");--> statement-breakpoint
CREATE INDEX "conversation_service_log_conv" ON "conversation_service_log" USING btree ("conversation_id","started_at");--> statement-breakpoint
CREATE INDEX "conversation_service_log_user" ON "conversation_service_log" USING btree ("tenant_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "service_transfers_to" ON "service_transfers" USING btree ("tenant_id","to_user_id","created_at");--> statement-breakpoint
CREATE INDEX "service_transfers_from" ON "service_transfers" USING btree ("tenant_id","from_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_transfers_one_pending" ON "service_transfers" USING btree ("work_account_id",coalesce("conversation_id"::text, '')) WHERE "service_transfers"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "conversations_served_by" ON "conversations" USING btree ("tenant_id","served_by") WHERE "conversations"."served_by" is not null;