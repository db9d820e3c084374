CREATE TABLE "business_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_group_id" uuid,
	"enabled" boolean DEFAULT false NOT NULL,
	"week" jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_notes" (
	"id" bigint PRIMARY KEY DEFAULT nextval('messages_id_seq') NOT NULL,
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"content" text NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"msg_time" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "sensitive_mode" text DEFAULT 'record' NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_messages" ADD COLUMN "mentions" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mentions" jsonb;--> statement-breakpoint
ALTER TABLE "conversation_notes" ADD CONSTRAINT "conversation_notes_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_hours_group" ON "business_hours" USING btree ("tenant_id","account_group_id") WHERE "business_hours"."account_group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "business_hours_default" ON "business_hours" USING btree ("tenant_id") WHERE "business_hours"."account_group_id" is null;--> statement-breakpoint
CREATE INDEX "conversation_notes_conversation" ON "conversation_notes" USING btree ("conversation_id","id");