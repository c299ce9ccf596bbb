CREATE TABLE "work_hours" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hours" real NOT NULL,
	CONSTRAINT "work_hours_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "work_hours_hours_range" CHECK ("work_hours"."hours" > 0 and "work_hours"."hours" <= 24)
);
--> statement-breakpoint
ALTER TABLE "work_hours" ADD CONSTRAINT "work_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;