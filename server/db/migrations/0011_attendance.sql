CREATE TABLE "attendance" (
	"group_id" uuid NOT NULL,
	"day" date NOT NULL,
	"student" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attendance_group_id_day_student_pk" PRIMARY KEY("group_id","day","student"),
	CONSTRAINT "attendance_status_known" CHECK ("attendance"."status" in ('present', 'absent', 'late', 'excused'))
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;