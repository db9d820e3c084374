ALTER TABLE "messages" ADD COLUMN "edited_at" bigint;--> statement-breakpoint
ALTER TABLE "friend_requests" ADD COLUMN "auto_accept_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "friend_requests_auto_accept_pending" ON "friend_requests" USING btree ("work_account_id","created_at") WHERE "friend_requests"."auto_accept_pending";