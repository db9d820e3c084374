CREATE TABLE "friend_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"wxid" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"verify_content" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"origin" text,
	"status" smallint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reason_key" text,
	"platform_request_id" text,
	"group_id" text,
	"handled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_friend_requests" ADD COLUMN "direction" text DEFAULT 'in' NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_friend_requests" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "friend_requests" ADD CONSTRAINT "friend_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_requests" ADD CONSTRAINT "friend_requests_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_requests" ADD CONSTRAINT "friend_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "friend_requests_platform_id" ON "friend_requests" USING btree ("work_account_id","direction","platform_request_id") WHERE "friend_requests"."platform_request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "friend_requests_sent_to" ON "friend_requests" USING btree ("work_account_id","wxid") WHERE "friend_requests"."direction" = 'out';--> statement-breakpoint
CREATE INDEX "friend_requests_tenant_time" ON "friend_requests" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "friend_requests_account_time" ON "friend_requests" USING btree ("work_account_id","created_at");