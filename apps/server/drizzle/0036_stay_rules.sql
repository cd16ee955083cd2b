CREATE TABLE "stay_rules" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"turnover_days" integer DEFAULT 0 NOT NULL,
	"last_minute_days" integer DEFAULT 0 NOT NULL,
	"seasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_rules_turnover_check" CHECK ("stay_rules"."turnover_days" between 0 and 1),
	CONSTRAINT "stay_rules_last_minute_check" CHECK ("stay_rules"."last_minute_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "cabins" ADD COLUMN "guide" jsonb;--> statement-breakpoint
ALTER TABLE "stay_rules" ADD CONSTRAINT "stay_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;