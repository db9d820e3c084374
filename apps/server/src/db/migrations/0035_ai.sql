CREATE TABLE "ai_robot_chats" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"peer_id" text NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"handed_over_at" bigint,
	"handoff_reason" text,
	CONSTRAINT "ai_robot_chats_work_account_id_peer_id_pk" PRIMARY KEY("work_account_id","peer_id")
);
--> statement-breakpoint
CREATE TABLE "ai_robot_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"handoff_keywords" text[] NOT NULL,
	"max_replies_per_conversation" integer NOT NULL,
	"reply_delay_sec" integer DEFAULT 0 NOT NULL,
	"libraries" text[] NOT NULL,
	"daily_cap" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"base_url" text,
	"model" text,
	"stt_model" text,
	"api_key_sealed" text,
	"api_key_hint" text,
	"monthly_token_budget" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_transcripts" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"tenant_id" uuid NOT NULL,
	"month" text NOT NULL,
	"feature" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_tenant_id_month_feature_pk" PRIMARY KEY("tenant_id","month","feature")
);
--> statement-breakpoint
ALTER TABLE "ai_robot_chats" ADD CONSTRAINT "ai_robot_chats_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_robot_settings" ADD CONSTRAINT "ai_robot_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_robot_settings" ADD CONSTRAINT "ai_robot_settings_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_settings" ADD CONSTRAINT "ai_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_transcripts" ADD CONSTRAINT "ai_transcripts_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_robot_settings_account" ON "ai_robot_settings" USING btree ("work_account_id");