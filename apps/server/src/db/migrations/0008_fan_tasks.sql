CREATE TABLE "scheduler_lanes" (
	"key" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"day" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"next_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_pool" (
	"tenant_id" uuid NOT NULL,
	"target" text NOT NULL,
	"last_task_id" uuid,
	"last_status" smallint,
	"last_reason" text DEFAULT '' NOT NULL,
	"first_at" bigint NOT NULL,
	"last_at" bigint NOT NULL,
	CONSTRAINT "fan_pool_tenant_id_target_pk" PRIMARY KEY("tenant_id","target")
);
--> statement-breakpoint
CREATE TABLE "fan_task_rows" (
	"tenant_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"work_account_id" uuid NOT NULL,
	"target" text NOT NULL,
	"greeting" text,
	"remark" text,
	"tag_ids" uuid[],
	"state" text NOT NULL,
	"lease_owner" text,
	"lease_until" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"wxid" text,
	"nickname" text DEFAULT '' NOT NULL,
	"status" smallint,
	"reason" text DEFAULT '' NOT NULL,
	"reason_key" text,
	"claimed_at" bigint,
	"sent_at" bigint,
	"settled_at" bigint,
	CONSTRAINT "fan_task_rows_task_id_seq_pk" PRIMARY KEY("task_id","seq")
);
--> statement-breakpoint
CREATE TABLE "fan_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"work_account_ids" uuid[] NOT NULL,
	"greeting" text NOT NULL,
	"interval_sec" integer NOT NULL,
	"jitter_sec" integer NOT NULL,
	"daily_cap" integer NOT NULL,
	"rows_per_pull" integer NOT NULL,
	"start_type" text NOT NULL,
	"start_at" bigint NOT NULL,
	"include_tried" boolean DEFAULT false NOT NULL,
	"import_id" uuid,
	"reason_key" text,
	"lease_owner" text,
	"lease_until" bigint,
	"n_total" integer DEFAULT 0 NOT NULL,
	"n_waiting" integer DEFAULT 0 NOT NULL,
	"n_sending" integer DEFAULT 0 NOT NULL,
	"n_requested" integer DEFAULT 0 NOT NULL,
	"n_added" integer DEFAULT 0 NOT NULL,
	"n_failed" integer DEFAULT 0 NOT NULL,
	"n_already_friend" integer DEFAULT 0 NOT NULL,
	"n_skipped" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" bigint NOT NULL,
	"started_at" bigint,
	"ended_at" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_friend_requests" ADD COLUMN "idem_key" text;--> statement-breakpoint
ALTER TABLE "fan_pool" ADD CONSTRAINT "fan_pool_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_task_rows" ADD CONSTRAINT "fan_task_rows_task_id_fan_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."fan_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_task_rows" ADD CONSTRAINT "fan_task_rows_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_tasks" ADD CONSTRAINT "fan_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_tasks" ADD CONSTRAINT "fan_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_task_rows_claim" ON "fan_task_rows" USING btree ("task_id","work_account_id","seq") WHERE "fan_task_rows"."state" in ('queued', 'claimed');--> statement-breakpoint
CREATE INDEX "fan_task_rows_sent" ON "fan_task_rows" USING btree ("work_account_id","wxid") WHERE "fan_task_rows"."status" = 1;--> statement-breakpoint
CREATE INDEX "fan_tasks_tenant_time" ON "fan_tasks" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "fan_tasks_active" ON "fan_tasks" USING btree ("status") WHERE "fan_tasks"."status" in ('pending', 'running', 'importing');--> statement-breakpoint
CREATE UNIQUE INDEX "sim_friend_requests_idem" ON "sim_friend_requests" USING btree ("account_wxid","idem_key");