CREATE TABLE "fan_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"total" integer NOT NULL,
	"valid" integer NOT NULL,
	"invalid" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"tried" integer NOT NULL,
	"phones" integer NOT NULL,
	"wxids" integer NOT NULL,
	"problems" jsonb NOT NULL,
	"problems_truncated" boolean NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fan_imports" ADD CONSTRAINT "fan_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_imports" ADD CONSTRAINT "fan_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_imports_tenant_time" ON "fan_imports" USING btree ("tenant_id","created_at");