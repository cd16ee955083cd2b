DROP INDEX "users_name_lower_idx";--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("name"),"id","name");