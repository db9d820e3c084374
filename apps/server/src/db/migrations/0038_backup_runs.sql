CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"trigger" text NOT NULL,
	"file" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"requested_at" bigint NOT NULL,
	"lease_owner" text,
	"lease_until" bigint,
	"finished_at" bigint,
	"error" text,
	CONSTRAINT "backup_runs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE INDEX "backup_runs_state" ON "backup_runs" USING btree ("state","requested_at");