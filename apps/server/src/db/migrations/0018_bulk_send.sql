CREATE TABLE "bulk_send_rows" (
	"tenant_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"work_account_id" uuid NOT NULL,
	"target" text NOT NULL,
	"target_name" text DEFAULT '' NOT NULL,
	"talk_type" smallint NOT NULL,
	"msg_index" smallint NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"state" text NOT NULL,
	"lease_owner" text,
	"lease_until" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_key" text,
	"claimed_at" bigint,
	"sent_at" bigint,
	CONSTRAINT "bulk_send_rows_task_id_seq_pk" PRIMARY KEY("task_id","seq")
);
--> statement-breakpoint
CREATE TABLE "bulk_send_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid,
	"channel" smallint NOT NULL,
	"daily_cap" integer NOT NULL,
	"message_interval_sec" integer NOT NULL,
	"fan_interval_sec" integer NOT NULL,
	"per_round_count" integer NOT NULL,
	"group_interval_sec" integer NOT NULL,
	"group_daily_cap" integer NOT NULL,
	"jitter_sec" integer NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_send_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"task_type" text NOT NULL,
	"status" text NOT NULL,
	"work_account_ids" uuid[] NOT NULL,
	"target_mode" text NOT NULL,
	"messages" jsonb NOT NULL,
	"targets" integer DEFAULT 0 NOT NULL,
	"send_type" text NOT NULL,
	"send_at" bigint NOT NULL,
	"reason_key" text,
	"created_by" uuid,
	"created_at" bigint NOT NULL,
	"started_at" bigint,
	"ended_at" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_task_id_bulk_send_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."bulk_send_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_settings" ADD CONSTRAINT "bulk_send_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_settings" ADD CONSTRAINT "bulk_send_settings_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_tasks" ADD CONSTRAINT "bulk_send_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_tasks" ADD CONSTRAINT "bulk_send_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_send_rows_claim" ON "bulk_send_rows" USING btree ("task_id","work_account_id","seq") WHERE "bulk_send_rows"."state" in ('queued', 'claimed');--> statement-breakpoint
CREATE INDEX "bulk_send_rows_outbox" ON "bulk_send_rows" USING btree ("claimed_at") WHERE "bulk_send_rows"."state" = 'outbox';--> statement-breakpoint
CREATE INDEX "bulk_send_rows_state" ON "bulk_send_rows" USING btree ("task_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_send_settings_tenant" ON "bulk_send_settings" USING btree ("tenant_id") WHERE "bulk_send_settings"."work_account_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_send_settings_account" ON "bulk_send_settings" USING btree ("work_account_id");--> statement-breakpoint
CREATE INDEX "bulk_send_tasks_tenant_time" ON "bulk_send_tasks" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "bulk_send_tasks_active" ON "bulk_send_tasks" USING btree ("status") WHERE "bulk_send_tasks"."status" in ('pending', 'running', 'importing');