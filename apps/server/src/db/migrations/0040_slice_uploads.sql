CREATE TABLE "slice_uploads" (
	"folder" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"count" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"touched_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "slice_uploads_user" ON "slice_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "slice_uploads_tenant" ON "slice_uploads" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "slice_uploads_touched" ON "slice_uploads" USING btree ("touched_at");