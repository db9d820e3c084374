CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid,
	"user_id" uuid,
	"action" text NOT NULL,
	"target" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"work_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"two_step_hash" text,
	"nickname" text NOT NULL,
	"avatar" text,
	"contact" text,
	"role" text NOT NULL,
	"role_id" uuid,
	"position_id" uuid,
	"superior_id" uuid,
	"seat_prefix" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"tenant_id" uuid,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"agent" text NOT NULL,
	"address" text NOT NULL,
	"success" boolean NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target" text NOT NULL,
	"scene" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_accounts" (
	"wxid" text PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"alias" text NOT NULL,
	"avatar" text NOT NULL,
	"sex" text NOT NULL,
	"signature" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"status" text NOT NULL,
	"session" text,
	"banned" boolean DEFAULT false NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_files" (
	"file_id" text PRIMARY KEY NOT NULL,
	"account_wxid" text NOT NULL,
	"rel_path" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_friend_requests" (
	"account_wxid" text NOT NULL,
	"request_id" text NOT NULL,
	"from_wxid" text NOT NULL,
	"verify_content" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "sim_friend_requests_account_wxid_request_id_pk" PRIMARY KEY("account_wxid","request_id")
);
--> statement-breakpoint
CREATE TABLE "sim_group_members" (
	"account_wxid" text NOT NULL,
	"group_id" text NOT NULL,
	"wxid" text NOT NULL,
	"card" text DEFAULT '' NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"joined_at" bigint NOT NULL,
	CONSTRAINT "sim_group_members_account_wxid_group_id_wxid_pk" PRIMARY KEY("account_wxid","group_id","wxid")
);
--> statement-breakpoint
CREATE TABLE "sim_groups" (
	"account_wxid" text NOT NULL,
	"group_id" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text NOT NULL,
	"owner_wxid" text NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"my_card" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "sim_groups_account_wxid_group_id_pk" PRIMARY KEY("account_wxid","group_id")
);
--> statement-breakpoint
CREATE TABLE "sim_logins" (
	"login_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"wxid" text,
	"proxy" text,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_messages" (
	"account_wxid" text NOT NULL,
	"msg_id" text NOT NULL,
	"request_id" text,
	"talk_type" integer NOT NULL,
	"peer_id" text NOT NULL,
	"from_self" boolean NOT NULL,
	"member_wxid" text,
	"msg_type" integer NOT NULL,
	"content" text NOT NULL,
	"file_id" text,
	"status" text NOT NULL,
	"error" text,
	"transcript" text,
	"revoked" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "sim_messages_account_wxid_msg_id_pk" PRIMARY KEY("account_wxid","msg_id")
);
--> statement-breakpoint
CREATE TABLE "sim_moments" (
	"account_wxid" text NOT NULL,
	"moment_id" text NOT NULL,
	"request_id" text,
	"author_wxid" text NOT NULL,
	"text" text NOT NULL,
	"media" jsonb NOT NULL,
	"link" jsonb,
	"likes" jsonb NOT NULL,
	"comments" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "sim_moments_account_wxid_moment_id_pk" PRIMARY KEY("account_wxid","moment_id")
);
--> statement-breakpoint
CREATE TABLE "sim_people" (
	"account_wxid" text NOT NULL,
	"wxid" text NOT NULL,
	"nickname" text NOT NULL,
	"alias" text NOT NULL,
	"avatar" text NOT NULL,
	"sex" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"signature" text NOT NULL,
	"is_friend" boolean NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"star" boolean DEFAULT false NOT NULL,
	"blacklist" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'other' NOT NULL,
	"added_at" bigint NOT NULL,
	"add_requested_at" bigint,
	CONSTRAINT "sim_people_account_wxid_wxid_pk" PRIMARY KEY("account_wxid","wxid")
);
--> statement-breakpoint
CREATE TABLE "sim_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"chat_group_id" uuid NOT NULL,
	"wxid" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"card" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"is_friend" boolean DEFAULT false NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"group_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"owner_wxid" text DEFAULT '' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"my_card" text DEFAULT '' NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"wxid" text NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT 'unknown' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"star" boolean DEFAULT false NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"blacklist" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"added_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type" text DEFAULT 'socks5' NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid,
	"proxy_id" uuid,
	"wxid" text,
	"status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"qr_image" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"wxid" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"pool" text DEFAULT 'service' NOT NULL,
	"group_id" uuid,
	"proxy_id" uuid,
	"distributed_to" uuid,
	"added_by" uuid,
	"first_login_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 2 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"work_account_id" uuid,
	"user_ids" jsonb,
	"event" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"work_wxid" text NOT NULL,
	"talk_type" smallint NOT NULL,
	"peer_id" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"is_pin" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"latest_msg_time" bigint DEFAULT 0 NOT NULL,
	"last_message_id" bigint,
	"last_msg_type" smallint,
	"msg_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_unread_non_negative" CHECK ("conversations"."unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_wxid" text NOT NULL,
	"command" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"msg_id" text,
	"request_id" text,
	"sending_uuid" text,
	"msg_type" smallint NOT NULL,
	"send_side" smallint NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"caption" text,
	"file_url" text,
	"file_cdn_url" text,
	"file_name" text,
	"file_len" bigint,
	"file_id" text,
	"file_mime" text,
	"media" jsonb,
	"jpeg_thumbnail" text,
	"member_wxid" text,
	"member_name" text,
	"member_avatar" text,
	"ref_msg_id" text,
	"ref_content" text,
	"display_name" text,
	"send_ok" boolean DEFAULT false NOT NULL,
	"delivery_ok" boolean DEFAULT false NOT NULL,
	"read_ok" boolean DEFAULT false NOT NULL,
	"failed" boolean DEFAULT false NOT NULL,
	"err_message" text,
	"revoked" boolean DEFAULT false NOT NULL,
	"sender_user_id" uuid,
	"dispatch_state" text,
	"msg_time" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_group_items" (
	"group_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"kind" text NOT NULL,
	"width" integer,
	"height" integer,
	"thumb_key" text,
	"source" text NOT NULL,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensitive_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"work_account_id" uuid NOT NULL,
	"work_wxid" text NOT NULL,
	"talk_type" smallint NOT NULL,
	"peer_id" text NOT NULL,
	"word" text NOT NULL,
	"message_id" bigint,
	"msg_id" text,
	"content" text NOT NULL,
	"send_side" smallint NOT NULL,
	"msg_time" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensitive_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_emoticons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_hides" (
	"tenant_id" uuid NOT NULL,
	"message_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"message_id" bigint NOT NULL,
	"record_id" text NOT NULL,
	"work_account_id" uuid NOT NULL,
	"work_wxid" text NOT NULL,
	"options" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ports" ADD CONSTRAINT "ports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_superior_id_users_id_fk" FOREIGN KEY ("superior_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_records" ADD CONSTRAINT "login_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_groups" ADD CONSTRAINT "account_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_chat_group_id_chat_groups_id_fk" FOREIGN KEY ("chat_group_id") REFERENCES "public"."chat_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_work_account_id_work_accounts_id_fk" FOREIGN KEY ("work_account_id") REFERENCES "public"."work_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_logins" ADD CONSTRAINT "qr_logins_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_accounts" ADD CONSTRAINT "work_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_accounts" ADD CONSTRAINT "work_accounts_group_id_account_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."account_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_accounts" ADD CONSTRAINT "work_accounts_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_accounts" ADD CONSTRAINT "work_accounts_distributed_to_users_id_fk" FOREIGN KEY ("distributed_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_group_items" ADD CONSTRAINT "session_group_items_group_id_session_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."session_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_group_items" ADD CONSTRAINT "session_group_items_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_tenant_time" ON "audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "ports_tenant_expiry" ON "ports" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ports_code" ON "ports" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_tenant_name" ON "positions" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_tenant_name" ON "roles" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_contact" ON "users" USING btree ("contact");--> statement-breakpoint
CREATE INDEX "users_tenant" ON "users" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "users_superior" ON "users" USING btree ("superior_id");--> statement-breakpoint
CREATE INDEX "auth_tokens_user" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_records_ip_time" ON "login_records" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "login_records_username_time" ON "login_records" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "login_records_user_time" ON "login_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "verify_codes_target_time" ON "verify_codes" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "sim_files_account" ON "sim_files" USING btree ("account_wxid");--> statement-breakpoint
CREATE INDEX "sim_friend_requests_time" ON "sim_friend_requests" USING btree ("account_wxid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_messages_request" ON "sim_messages" USING btree ("account_wxid","request_id");--> statement-breakpoint
CREATE INDEX "sim_messages_peer_time" ON "sim_messages" USING btree ("account_wxid","peer_id","created_at");--> statement-breakpoint
CREATE INDEX "sim_messages_pending" ON "sim_messages" USING btree ("account_wxid","status");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_moments_request" ON "sim_moments" USING btree ("account_wxid","request_id");--> statement-breakpoint
CREATE INDEX "sim_moments_time" ON "sim_moments" USING btree ("account_wxid","created_at");--> statement-breakpoint
CREATE INDEX "sim_people_friends" ON "sim_people" USING btree ("account_wxid","is_friend");--> statement-breakpoint
CREATE INDEX "account_groups_tenant" ON "account_groups" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_group_members_group_wxid" ON "chat_group_members" USING btree ("chat_group_id","wxid");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_groups_account_group" ON "chat_groups" USING btree ("work_account_id","group_id");--> statement-breakpoint
CREATE INDEX "chat_groups_tenant" ON "chat_groups" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_wxid" ON "contacts" USING btree ("work_account_id","wxid");--> statement-breakpoint
CREATE INDEX "contacts_tenant" ON "contacts" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_tenant_addr" ON "proxies" USING btree ("tenant_id","host","port","username");--> statement-breakpoint
CREATE INDEX "qr_logins_tenant_status" ON "qr_logins" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "work_accounts_wxid" ON "work_accounts" USING btree ("wxid");--> statement-breakpoint
CREATE INDEX "work_accounts_tenant_status" ON "work_accounts" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "work_accounts_tenant_distributed" ON "work_accounts" USING btree ("tenant_id","distributed_to");--> statement-breakpoint
CREATE INDEX "work_accounts_lease" ON "work_accounts" USING btree ("lease_expires_at") WHERE "work_accounts"."status" in ('online', 'autoLoggingIn', 'loggingIn');--> statement-breakpoint
CREATE INDEX "push_events_tenant_id" ON "push_events" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "push_events_created" ON "push_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_account_peer" ON "conversations" USING btree ("work_account_id","talk_type","peer_id");--> statement-breakpoint
CREATE INDEX "conversations_account_order" ON "conversations" USING btree ("work_account_id","is_pin" DESC NULLS LAST,"latest_msg_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "conversations_tenant_order" ON "conversations" USING btree ("tenant_id","is_pin" DESC NULLS LAST,"latest_msg_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "conversations_account_unread" ON "conversations" USING btree ("work_account_id") WHERE "conversations"."unread" > 0;--> statement-breakpoint
CREATE INDEX "gateway_calls_pending" ON "gateway_calls" USING btree ("work_wxid") WHERE "gateway_calls"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "messages_conversation_id" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_account_msg_id" ON "messages" USING btree ("work_account_id","msg_id") WHERE "messages"."msg_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_account_request_id" ON "messages" USING btree ("work_account_id","request_id") WHERE "messages"."request_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_tenant_time" ON "messages" USING btree ("tenant_id","msg_time");--> statement-breakpoint
CREATE INDEX "messages_dispatch" ON "messages" USING btree ("work_account_id","id") WHERE "messages"."dispatch_state" in ('pending', 'dispatching');--> statement-breakpoint
CREATE UNIQUE INDEX "session_group_items_pk" ON "session_group_items" USING btree ("group_id","conversation_id");--> statement-breakpoint
CREATE INDEX "session_group_items_conversation" ON "session_group_items" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_groups_user_name" ON "session_groups" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_key" ON "stored_files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "stored_files_message" ON "stored_files" USING btree ("tenant_id","message_id");--> statement-breakpoint
CREATE INDEX "sensitive_hits_tenant_time" ON "sensitive_hits" USING btree ("tenant_id","msg_time");--> statement-breakpoint
CREATE INDEX "sensitive_hits_account_time" ON "sensitive_hits" USING btree ("work_account_id","msg_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_hits_message_word" ON "sensitive_hits" USING btree ("message_id","word") WHERE "sensitive_hits"."message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_hits_msg_word" ON "sensitive_hits" USING btree ("work_account_id","msg_id","word") WHERE "sensitive_hits"."msg_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_words_tenant_word" ON "sensitive_words" USING btree ("tenant_id",lower("word"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_emoticons_user_sha" ON "user_emoticons" USING btree ("user_id","sha256");--> statement-breakpoint
CREATE INDEX "user_emoticons_tenant_user" ON "user_emoticons" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_collections_user_message" ON "message_collections" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE INDEX "message_collections_tenant_user" ON "message_collections" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_hides_message" ON "message_hides" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_hides_tenant" ON "message_hides" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_votes_message" ON "message_votes" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_votes_record" ON "message_votes" USING btree ("tenant_id","record_id");