CREATE TABLE "wa_events" (
	"session_id" text NOT NULL,
	"key" text NOT NULL,
	"seq" bigserial NOT NULL,
	"event" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "wa_events_session_id_key_pk" PRIMARY KEY("session_id","key")
);
--> statement-breakpoint
ALTER TABLE "wa_events" ADD CONSTRAINT "wa_events_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wa_events_order" ON "wa_events" USING btree ("session_id","seq");