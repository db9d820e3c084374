ALTER TABLE "fan_pool" DROP CONSTRAINT "fan_pool_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "fan_task_rows" DROP CONSTRAINT "fan_task_rows_task_id_fan_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "fan_task_rows" DROP CONSTRAINT "fan_task_rows_work_account_id_work_accounts_id_fk";
--> statement-breakpoint
-- Hand-written: in place of the foreign keys dropped above (a plan of 100,000 rows checked each
-- row against its task and account), a task's rows go with the task or the account, and the data
-- pool with its tenant: one delete per statement, whatever the number of rows.
CREATE FUNCTION "fan_task_rows_of_tasks_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "fan_task_rows" WHERE "task_id" IN (SELECT "id" FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "fan_task_rows_of_accounts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "fan_task_rows" WHERE "work_account_id" IN (SELECT "id" FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "fan_pool_of_tenants_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "fan_pool" WHERE "tenant_id" IN (SELECT "id" FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fan_tasks_rows_remove" AFTER DELETE ON "fan_tasks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fan_task_rows_of_tasks_remove"();
--> statement-breakpoint
CREATE TRIGGER "work_accounts_fan_rows_remove" AFTER DELETE ON "work_accounts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fan_task_rows_of_accounts_remove"();
--> statement-breakpoint
CREATE TRIGGER "tenants_fan_pool_remove" AFTER DELETE ON "tenants"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fan_pool_of_tenants_remove"();
