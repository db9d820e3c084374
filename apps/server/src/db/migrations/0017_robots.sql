CREATE TABLE "auto_accept_greetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"messages" jsonb NOT NULL,
	"drafts" jsonb NOT NULL,
	"interval_sec" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_accept_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid,
	"enabled" boolean DEFAULT false NOT NULL,
	"keywords" text[] NOT NULL,
	"delay_min_sec" integer NOT NULL,
	"delay_max_sec" integer NOT NULL,
	"daily_cap" integer NOT NULL,
	"tag_ids" uuid[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"msg_id" text NOT NULL,
	"peer_id" text NOT NULL,
	"contact_wxid" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"keywords" text[] NOT NULL,
	"match_mode" text NOT NULL,
	"account_ids" uuid[] NOT NULL,
	"talk_types" smallint[] NOT NULL,
	"mention_only" boolean DEFAULT false NOT NULL,
	"replies" jsonb NOT NULL,
	"drafts" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"cooldown_sec" integer DEFAULT 0 NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"due_at" bigint NOT NULL,
	"state" text NOT NULL,
	"lease_owner" text,
	"lease_until" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" text,
	"created_at" bigint NOT NULL,
	"done_at" bigint
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "robot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_accept_greetings" ADD CONSTRAINT "auto_accept_greetings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_accept_greetings" ADD CONSTRAINT "auto_accept_greetings_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_accept_settings" ADD CONSTRAINT "auto_accept_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_accept_settings" ADD CONSTRAINT "auto_accept_settings_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_hits" ADD CONSTRAINT "keyword_hits_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_rules" ADD CONSTRAINT "keyword_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_jobs" ADD CONSTRAINT "robot_jobs_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_accept_greetings_account" ON "auto_accept_greetings" USING btree ("tenant_id","work_account_id") WHERE "auto_accept_greetings"."work_account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_accept_greetings_default" ON "auto_accept_greetings" USING btree ("tenant_id") WHERE "auto_accept_greetings"."work_account_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_accept_settings_account" ON "auto_accept_settings" USING btree ("tenant_id","work_account_id") WHERE "auto_accept_settings"."work_account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_accept_settings_default" ON "auto_accept_settings" USING btree ("tenant_id") WHERE "auto_accept_settings"."work_account_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_hits_once" ON "keyword_hits" USING btree ("rule_id","work_account_id","msg_id");--> statement-breakpoint
CREATE INDEX "keyword_hits_cooldown" ON "keyword_hits" USING btree ("rule_id","work_account_id","contact_wxid","at");--> statement-breakpoint
CREATE INDEX "keyword_hits_account_time" ON "keyword_hits" USING btree ("work_account_id","at");--> statement-breakpoint
CREATE INDEX "keyword_hits_peer_time" ON "keyword_hits" USING btree ("work_account_id","peer_id","at");--> statement-breakpoint
CREATE INDEX "keyword_rules_tenant" ON "keyword_rules" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "robot_jobs_key" ON "robot_jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "robot_jobs_due" ON "robot_jobs" USING btree ("due_at") WHERE "robot_jobs"."state" in ('queued', 'claimed');--> statement-breakpoint
CREATE INDEX "robot_jobs_account_time" ON "robot_jobs" USING btree ("work_account_id","kind","created_at");