-- Issue 35: the inbox's keyword search reads every chat of the tenant; a byte-wise LIKE on one
-- lowercased column costs a seventh of ILIKE on three (docs/performance.md). The list matches
-- the keyword here, then checks the three columns with ILIKE as before.
ALTER TABLE "conversations" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower("conversations"."nickname" || chr(10) || "conversations"."remark" || chr(10) || "conversations"."peer_id")) STORED NOT NULL;
