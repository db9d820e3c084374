CREATE TABLE "contact_tags" (
	"contact_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_tags_contact_id_tag_id_pk" PRIMARY KEY("contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tag_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"contact_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tag_groups" ADD CONSTRAINT "tag_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_group_id_tag_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."tag_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_tags_tag" ON "contact_tags" USING btree ("tag_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_groups_tenant_name" ON "tag_groups" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_group_name" ON "tags" USING btree ("group_id","name");--> statement-breakpoint
CREATE INDEX "tags_tenant" ON "tags" USING btree ("tenant_id");--> statement-breakpoint
-- Hand-written: how many contacts carry each tag, kept by statement triggers on contact_tags (one
-- grouped update per statement, so a bulk tagging of 100,000 contacts costs one update per tag).
CREATE FUNCTION "tag_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tags" t SET "contact_count" = t."contact_count" + n.c
  FROM (SELECT "tag_id", count(*)::int AS c FROM new_rows GROUP BY 1 ORDER BY 1) n
  WHERE t."id" = n."tag_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "tag_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tags" t SET "contact_count" = t."contact_count" - o.c
  FROM (SELECT "tag_id", count(*)::int AS c FROM old_rows GROUP BY 1 ORDER BY 1) o
  WHERE t."id" = o."tag_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_tags_count_add" AFTER INSERT ON "contact_tags"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tag_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "contact_tags_count_remove" AFTER DELETE ON "contact_tags"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tag_counts_remove"();
--> statement-breakpoint
-- Hand-written: a contact's or a tag's links go with it (in place of foreign keys, see the
-- contact_tags table's comment): one delete per statement, whatever the number of rows.
CREATE FUNCTION "contact_tags_of_contacts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "contact_tags" WHERE "contact_id" IN (SELECT "id" FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contact_tags_of_tags_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "contact_tags" WHERE "tag_id" IN (SELECT "id" FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_tags_remove" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_tags_of_contacts_remove"();
--> statement-breakpoint
CREATE TRIGGER "tags_links_remove" AFTER DELETE ON "tags"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_tags_of_tags_remove"();
