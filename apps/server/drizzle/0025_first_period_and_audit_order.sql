DROP INDEX "audit_log_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_id_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "investments_start_date_idx" ON "investments" USING btree ("start_date");