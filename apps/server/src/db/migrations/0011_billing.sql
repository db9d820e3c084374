CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"port_price_cents" integer NOT NULL,
	"trial_ports" integer NOT NULL,
	"trial_days" integer NOT NULL,
	"warn_days" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_one_row" CHECK ("billing_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"type" text NOT NULL,
	"pre_amount" bigint NOT NULL,
	"change_amount" bigint NOT NULL,
	"after_amount" bigint NOT NULL,
	"port_count" integer DEFAULT 0 NOT NULL,
	"months" integer DEFAULT 0 NOT NULL,
	"unit_price_cents" integer DEFAULT 0 NOT NULL,
	"port_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amounts" CHECK ("orders"."after_amount" = "orders"."pre_amount" + "orders"."change_amount" and "orders"."pre_amount" >= 0 and "orders"."after_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tenant_number" ON "orders" USING btree ("tenant_id","order_number");--> statement-breakpoint
CREATE INDEX "orders_tenant_time" ON "orders" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_time" ON "orders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_balance_nonneg" CHECK ("tenants"."balance_cents" >= 0);--> statement-breakpoint
-- Hand-written: an order is never edited or deleted; a correction is a new order (modules/billing).
CREATE FUNCTION "orders_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'orders are never changed; write a correcting order instead'
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_no_update" BEFORE UPDATE OR DELETE ON "orders" FOR EACH ROW
  EXECUTE FUNCTION "orders_immutable"();
