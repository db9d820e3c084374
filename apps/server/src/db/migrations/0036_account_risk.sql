ALTER TABLE "work_accounts" ADD COLUMN "risk" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_accounts" ADD COLUMN "risk_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_accounts" ADD COLUMN "risk_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_accounts" ADD COLUMN "risk_at" timestamp with time zone;