-- Every character and pair of characters of a text (pairs across a line break left out): what
-- the GIN index "contacts_search" holds of a friend's lowercased nickname and remark, so a keyword
-- of any length is found through its characters (one) or pairs (two or more), then rechecked.
CREATE FUNCTION "contact_grams"(s text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
    SELECT substr(s, i, 1) AS g FROM generate_series(1, char_length(s)) AS i
    UNION ALL
    SELECT substr(s, i, 2) FROM generate_series(1, char_length(s) - 1) AS i
  ) grams WHERE position(chr(10) in g) = 0
$$;
--> statement-breakpoint
UPDATE "contacts" SET "source" = 'phone' WHERE "source" NOT IN ('manual', 'task', 'autoAccept', 'phone');--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "source" SET DEFAULT 'phone';--> statement-breakpoint
ALTER TABLE "sim_people" ADD COLUMN "top_chat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (contact_grams(lower("contacts"."nickname") || chr(10) || lower("contacts"."remark"))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "not_friend" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_tenant_added" ON "contacts" USING btree ("tenant_id","added_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_account_added" ON "contacts" USING btree ("work_account_id","added_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_search" ON "contacts" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "contacts_wxid_prefix" ON "contacts" USING btree ("wxid" text_pattern_ops);