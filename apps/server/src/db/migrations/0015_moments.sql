CREATE TABLE "moment_interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"moment_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"wxid" text NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"reply_to_name" text,
	"at" bigint NOT NULL,
	"unread" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moment_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"due_at" bigint NOT NULL,
	"state" text NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"lease_owner" text,
	"lease_until" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"moment_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"reason_key" text,
	"posted_at" bigint,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moment_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"text" text NOT NULL,
	"media" jsonb NOT NULL,
	"link" jsonb,
	"visibility" text NOT NULL,
	"tag_ids" uuid[] NOT NULL,
	"send_type" text NOT NULL,
	"send_at" bigint NOT NULL,
	"spread_minutes" integer NOT NULL,
	"created_by" uuid,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moments" (
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"moment_id" text NOT NULL,
	"author_wxid" text NOT NULL,
	"author_name" text NOT NULL,
	"author_avatar" text NOT NULL,
	"own" boolean NOT NULL,
	"text" text NOT NULL,
	"media" jsonb NOT NULL,
	"link" jsonb,
	"likes" jsonb NOT NULL,
	"comments" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "moments_work_account_id_moment_id_pk" PRIMARY KEY("work_account_id","moment_id")
);
--> statement-breakpoint
ALTER TABLE "sim_moments" ADD COLUMN "visible_to" jsonb;--> statement-breakpoint
ALTER TABLE "moment_interactions" ADD CONSTRAINT "moment_interactions_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moment_jobs" ADD CONSTRAINT "moment_jobs_post_id_moment_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."moment_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moment_jobs" ADD CONSTRAINT "moment_jobs_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moment_posts" ADD CONSTRAINT "moment_posts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moment_posts" ADD CONSTRAINT "moment_posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moments" ADD CONSTRAINT "moments_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moment_interactions_key" ON "moment_interactions" USING btree ("work_account_id","moment_id","kind","key");--> statement-breakpoint
CREATE INDEX "moment_interactions_time" ON "moment_interactions" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "moment_interactions_unread" ON "moment_interactions" USING btree ("work_account_id") WHERE "moment_interactions"."unread";--> statement-breakpoint
CREATE UNIQUE INDEX "moment_jobs_post_account" ON "moment_jobs" USING btree ("post_id","work_account_id");--> statement-breakpoint
CREATE INDEX "moment_jobs_due" ON "moment_jobs" USING btree ("due_at") WHERE "moment_jobs"."state" in ('pending', 'claimed');--> statement-breakpoint
CREATE INDEX "moment_posts_tenant_time" ON "moment_posts" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "moments_account_time" ON "moments" USING btree ("work_account_id","created_at");--> statement-breakpoint
CREATE INDEX "moments_tenant_time" ON "moments" USING btree ("tenant_id","created_at");