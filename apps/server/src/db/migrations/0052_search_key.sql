-- Issue 35: the inbox's keyword search reads every chat of the tenant; a byte-wise LIKE on one
-- lowercased column costs a seventh of ILIKE on three (docs/performance.md). The list matches
-- the keyword here; only a keyword with a line break (which could match across two of the
-- columns) is checked with ILIKE on the three columns too.
ALTER TABLE "conversations" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower("conversations"."nickname" || chr(10) || "conversations"."remark" || chr(10) || "conversations"."peer_id")) STORED NOT NULL;
