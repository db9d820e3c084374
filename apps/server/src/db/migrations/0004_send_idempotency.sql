-- Console sends retried with the same browser id (sendingUUid) before this index existed kept
-- both rows; the later copies lose the id so the index can be built.
UPDATE "messages" AS m SET "sending_uuid" = NULL
WHERE m."sending_uuid" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "messages" AS o
    WHERE o."work_account_id" = m."work_account_id"
      AND o."sending_uuid" = m."sending_uuid"
      AND o."id" < m."id"
  );--> statement-breakpoint
CREATE UNIQUE INDEX "messages_account_sending_uuid" ON "messages" USING btree ("work_account_id","sending_uuid") WHERE "messages"."sending_uuid" is not null;
