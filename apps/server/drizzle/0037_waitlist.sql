CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"type" text NOT NULL,
	"nights" jsonb NOT NULL,
	"first_night" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_type_check" CHECK ("waitlist_entries"."type" in ('personal', 'gift', 'rental'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_project_created_idx" ON "waitlist_entries" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_project_idx" ON "waitlist_entries" USING btree ("user_id","project_id");--> statement-breakpoint
-- An entry that turns into a request changes its investor's list: it signals its users (migration 0007).
CREATE TRIGGER waitlist_entries_signal_insert AFTER INSERT ON waitlist_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change('user_id');--> statement-breakpoint
CREATE TRIGGER waitlist_entries_signal_update AFTER UPDATE ON waitlist_entries REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change('user_id');--> statement-breakpoint
CREATE TRIGGER waitlist_entries_signal_delete AFTER DELETE ON waitlist_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change('user_id');--> statement-breakpoint
CREATE TRIGGER waitlist_entries_signal_truncate AFTER TRUNCATE ON waitlist_entries
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change();
