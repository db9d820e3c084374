ALTER TABLE "bulk_send_rows" DROP CONSTRAINT "bulk_send_rows_task_id_bulk_send_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "bulk_send_rows" DROP CONSTRAINT "bulk_send_rows_work_account_id_work_accounts_id_fk";
--> statement-breakpoint
-- Hand-written: in place of the foreign keys dropped above (a plan of 100,000 rows checked each
-- row against its task and account), a task's rows go with the task or the account: one delete
-- per statement, whatever the number of rows (as 0019 does for fan_task_rows).
CREATE FUNCTION "bulk_send_rows_of_tasks_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "bulk_send_rows" WHERE "task_id" IN (SELECT "id" FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bulk_send_rows_of_accounts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "bulk_send_rows" WHERE "work_account_id" IN (SELECT "id" FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bulk_send_tasks_rows_remove" AFTER DELETE ON "bulk_send_tasks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bulk_send_rows_of_tasks_remove"();
--> statement-breakpoint
CREATE TRIGGER "work_accounts_bulk_rows_remove" AFTER DELETE ON "work_accounts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bulk_send_rows_of_accounts_remove"();
