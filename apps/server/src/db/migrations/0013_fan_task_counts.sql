ALTER TABLE "fan_tasks" ADD COLUMN "n_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_tasks" ADD COLUMN "n_waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_tasks" ADD COLUMN "n_sending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_tasks" ADD COLUMN "n_requested" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_tasks" ADD COLUMN "n_added" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_tasks" ADD COLUMN "n_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_tasks" ADD COLUMN "n_already_friend" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_tasks" ADD COLUMN "n_skipped" integer DEFAULT 0 NOT NULL;