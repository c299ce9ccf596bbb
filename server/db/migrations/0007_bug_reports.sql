CREATE TABLE "bug_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"message" text NOT NULL,
	"screen" text NOT NULL,
	"app_version" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text
);
--> statement-breakpoint
CREATE INDEX "bug_reports_created_at_idx" ON "bug_reports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);