CREATE TABLE "chat_group_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"group_id" text NOT NULL,
	"notice_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"wxids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_group_members" ADD COLUMN "admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_group_members" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_group_notices" ADD CONSTRAINT "chat_group_notices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_notices" ADD CONSTRAINT "chat_group_notices_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_group_notices_account_notice" ON "chat_group_notices" USING btree ("work_account_id","notice_id");--> statement-breakpoint
CREATE INDEX "chat_group_notices_group_at" ON "chat_group_notices" USING btree ("work_account_id","group_id","at");