ALTER TABLE "groups" ADD COLUMN "start_time" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "end_time" text;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_time_range" CHECK (("groups"."start_time" is null) = ("groups"."end_time" is null) and ("groups"."start_time" is null or "groups"."start_time" < "groups"."end_time"));