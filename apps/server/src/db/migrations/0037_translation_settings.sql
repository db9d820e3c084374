CREATE TABLE "translation_cache" (
	"tenant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"text_hash" text NOT NULL,
	"text" text NOT NULL,
	"detected" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_cache_tenant_id_provider_source_target_text_hash_pk" PRIMARY KEY("tenant_id","provider","source","target","text_hash")
);
--> statement-breakpoint
CREATE TABLE "translation_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"base_url" text,
	"app_id" text,
	"model" text,
	"region" text,
	"key_sealed" text,
	"key_hint" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translation_settings" ADD CONSTRAINT "translation_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;