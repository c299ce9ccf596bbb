CREATE TABLE "blocked_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"short" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_short_idx" ON "short_links" USING btree ("short");--> statement-breakpoint
CREATE INDEX "short_links_created_idx" ON "short_links" USING btree ("created_at");