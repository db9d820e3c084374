-- Issue 35: the pages of a status view (已解决) read off an index in the list's order, as the
-- other views' are; open chats (the ones new messages move) have no entry. The list writes the
-- status as a literal so the planner can prove this partial index applies.
CREATE INDEX "conversations_status_order" ON "conversations" USING btree ("tenant_id","status","is_pin" DESC NULLS LAST,"latest_msg_time" DESC NULLS LAST,"id") WHERE "conversations"."status" <> 'open';
