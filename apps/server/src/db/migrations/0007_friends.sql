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
CREATE TABLE "contact_counts" (
	"work_account_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_gram_counts" (
	"work_account_id" uuid NOT NULL,
	"gram" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_gram_counts_work_account_id_gram_pk" PRIMARY KEY("work_account_id","gram")
);
--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "source" SET DEFAULT 'phone';--> statement-breakpoint
ALTER TABLE "sim_people" ADD COLUMN "top_chat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (contact_grams(lower("contacts"."nickname") || chr(10) || lower("contacts"."remark"))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "not_friend" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_counts_tenant" ON "contact_counts" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "contact_gram_counts_tenant_gram" ON "contact_gram_counts" USING btree ("tenant_id","gram");--> statement-breakpoint
CREATE INDEX "contacts_tenant_added" ON "contacts" USING btree ("tenant_id","added_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_account_added" ON "contacts" USING btree ("tenant_id","work_account_id","added_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_search" ON "contacts" USING gin ("search_grams") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contacts_wxid_prefix" ON "contacts" USING btree ("wxid" text_pattern_ops);--> statement-breakpoint
CREATE FUNCTION "contact_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_counts" AS cc ("work_account_id", "tenant_id", "n")
  SELECT "work_account_id", "tenant_id", count(*)::int FROM new_rows
  GROUP BY "work_account_id", "tenant_id"
  ORDER BY "work_account_id"
  ON CONFLICT ("work_account_id") DO UPDATE SET "n" = cc."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contact_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_counts" cc SET "n" = cc."n" - o.c
  FROM (SELECT "work_account_id", count(*)::int AS c FROM old_rows GROUP BY 1) o
  WHERE cc."work_account_id" = o."work_account_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_count_add" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "contacts_count_remove" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_counts_remove"();
--> statement-breakpoint
INSERT INTO "contact_counts" ("work_account_id", "tenant_id", "n")
SELECT "work_account_id", "tenant_id", count(*)::int FROM "contacts"
GROUP BY "work_account_id", "tenant_id";
--> statement-breakpoint
CREATE FUNCTION "contact_gram_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_gram_counts" AS cc ("work_account_id", "gram", "tenant_id", "n")
  SELECT r."work_account_id", g, r."tenant_id", count(*)::int FROM new_rows r, unnest(r."search_grams") g
  GROUP BY 1, 2, 3
  ORDER BY 1, 2
  ON CONFLICT ("work_account_id", "gram") DO UPDATE SET "n" = cc."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contact_gram_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_gram_counts" cc SET "n" = cc."n" - o.c
  FROM (SELECT r."work_account_id", g, count(*)::int AS c FROM old_rows r, unnest(r."search_grams") g GROUP BY 1, 2) o
  WHERE cc."work_account_id" = o."work_account_id" AND cc."gram" = o.g;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update that changes a name moves its grams: the old ones counted down, the new ones up.
CREATE FUNCTION "contact_gram_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_gram_counts" AS cc ("work_account_id", "gram", "tenant_id", "n")
  SELECT m."work_account_id", m.gram, m."tenant_id", sum(m.d)::int FROM (
    SELECT o."work_account_id", o."tenant_id", g AS gram, -1 AS d
    FROM old_rows o JOIN new_rows n ON n."id" = o."id" CROSS JOIN unnest(o."search_grams") g
    WHERE o."search_grams" IS DISTINCT FROM n."search_grams"
    UNION ALL
    SELECT n."work_account_id", n."tenant_id", g, 1
    FROM old_rows o JOIN new_rows n ON n."id" = o."id" CROSS JOIN unnest(n."search_grams") g
    WHERE o."search_grams" IS DISTINCT FROM n."search_grams"
  ) m
  GROUP BY 1, 2, 3 HAVING sum(m.d) <> 0
  ORDER BY 1, 2
  ON CONFLICT ("work_account_id", "gram") DO UPDATE SET "n" = cc."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_gram_count_add" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_gram_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "contacts_gram_count_remove" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_gram_counts_remove"();
--> statement-breakpoint
CREATE TRIGGER "contacts_gram_count_change" AFTER UPDATE ON "contacts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_gram_counts_change"();
--> statement-breakpoint
INSERT INTO "contact_gram_counts" ("work_account_id", "gram", "tenant_id", "n")
SELECT r."work_account_id", g, r."tenant_id", count(*)::int FROM "contacts" r, unnest(r."search_grams") g
GROUP BY 1, 2, 3;
