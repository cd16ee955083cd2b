ALTER TABLE "notifications" DROP CONSTRAINT "notifications_created_by_users_id_fk";
