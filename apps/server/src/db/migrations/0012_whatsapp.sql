CREATE TABLE "wa_contacts" (
	"session_id" text NOT NULL,
	"jid" text NOT NULL,
	"phone_jid" text,
	"name" text DEFAULT '' NOT NULL,
	"notify" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"added_at" bigint NOT NULL,
	CONSTRAINT "wa_contacts_session_id_jid_pk" PRIMARY KEY("session_id","jid")
);
--> statement-breakpoint
CREATE TABLE "wa_messages" (
	"session_id" text NOT NULL,
	"msg_id" text NOT NULL,
	"remote_jid" text NOT NULL,
	"from_me" boolean NOT NULL,
	"request_id" text,
	"status" text NOT NULL,
	"accepted" text,
	"proto" text,
	"created_at" bigint NOT NULL,
	CONSTRAINT "wa_messages_session_id_msg_id_pk" PRIMARY KEY("session_id","msg_id")
);
--> statement-breakpoint
CREATE TABLE "wa_session_keys" (
	"session_id" text NOT NULL,
	"type" text NOT NULL,
	"id" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "wa_session_keys_session_id_type_id_pk" PRIMARY KEY("session_id","type","id")
);
--> statement-breakpoint
CREATE TABLE "wa_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"wxid" text,
	"creds" text NOT NULL,
	"proxy" text,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wa_contacts" ADD CONSTRAINT "wa_contacts_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_messages" ADD CONSTRAINT "wa_messages_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_session_keys" ADD CONSTRAINT "wa_session_keys_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wa_messages_request" ON "wa_messages" USING btree ("session_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wa_sessions_wxid" ON "wa_sessions" USING btree ("wxid");