-- Every change a resolved session depends on notifies `cst_auth`, so each server process drops the
-- sessions it keeps in memory (platform/auth-cache.ts), whichever process or code path made it.
-- A notification inside a transaction is delivered at its commit.
CREATE FUNCTION "cst_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cst_auth', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."role" IS DISTINCT FROM NEW."role"
    OR OLD."role_id" IS DISTINCT FROM NEW."role_id" OR OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id"
    OR OLD."username" IS DISTINCT FROM NEW."username" OR OLD."nickname" IS DISTINCT FROM NEW."nickname")
  EXECUTE FUNCTION "cst_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_deleted" AFTER DELETE ON "users" FOR EACH STATEMENT
  EXECUTE FUNCTION "cst_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_changed" AFTER UPDATE ON "roles" FOR EACH ROW
  WHEN (OLD."permissions" IS DISTINCT FROM NEW."permissions")
  EXECUTE FUNCTION "cst_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_deleted" AFTER DELETE ON "roles" FOR EACH STATEMENT
  EXECUTE FUNCTION "cst_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "tenants_auth_changed" AFTER UPDATE ON "tenants" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "cst_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "tenants_auth_deleted" AFTER DELETE ON "tenants" FOR EACH STATEMENT
  EXECUTE FUNCTION "cst_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_auth_changed" AFTER UPDATE ON "auth_tokens" FOR EACH ROW
  WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR NEW."expires_at" < OLD."expires_at"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."token_hash" IS DISTINCT FROM NEW."token_hash")
  EXECUTE FUNCTION "cst_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_auth_deleted" AFTER DELETE ON "auth_tokens" FOR EACH STATEMENT
  EXECUTE FUNCTION "cst_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT
  EXECUTE FUNCTION "cst_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_truncated" AFTER TRUNCATE ON "roles" FOR EACH STATEMENT
  EXECUTE FUNCTION "cst_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "tenants_auth_truncated" AFTER TRUNCATE ON "tenants" FOR EACH STATEMENT
  EXECUTE FUNCTION "cst_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_auth_truncated" AFTER TRUNCATE ON "auth_tokens" FOR EACH STATEMENT
  EXECUTE FUNCTION "cst_auth_changed"();
