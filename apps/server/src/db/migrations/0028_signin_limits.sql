CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "login_records_username_time";--> statement-breakpoint
CREATE INDEX "login_records_time" ON "login_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_records_username_time" ON "login_records" USING btree (lower("username"),"created_at");