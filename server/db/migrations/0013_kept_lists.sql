CREATE TABLE "user_sign_ins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_sign_ins" ADD CONSTRAINT "user_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each account's last sign-in, from the audit log (what the accounts list searched per user until now).
INSERT INTO "user_sign_ins" ("user_id", "at")
  SELECT u."id", max(a."ts") FROM "users" u
  JOIN "audit_log" a ON a."username" = u."username" AND a."type" = 'dashboardAuthentication'
  GROUP BY u."id";
--> statement-breakpoint
-- The counters get slots: a bump takes a slot no other transaction holds, the counter is the sum of its slots.
ALTER TABLE "data_versions" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_versions" DROP CONSTRAINT "data_versions_pkey";--> statement-breakpoint
ALTER TABLE "data_versions" ADD CONSTRAINT "data_versions_name_slot_pk" PRIMARY KEY("name","slot");--> statement-breakpoint
INSERT INTO "data_versions" ("name", "slot", "version")
  SELECT n, s, 0 FROM unnest(ARRAY['users', 'accounts', 'groups', 'links', 'blocked_domains']) AS n, generate_series(0, 15) AS s
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A transaction keeps the slot it took first (a transaction-local setting), so a long import holds one slot, not all.
-- When every slot is held, it waits for a random one, as every writer waited for the one row before.
CREATE OR REPLACE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held text := 'portal_data_version.' || TG_ARGV[0];
  chosen integer := nullif(current_setting(held, true), '')::integer;
BEGIN
  IF chosen IS NULL THEN
    SELECT "slot" INTO chosen FROM "data_versions" WHERE "name" = TG_ARGV[0]
      ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED;
    IF chosen IS NULL THEN
      chosen := floor(random() * 16)::integer;
    END IF;
    PERFORM set_config(held, chosen::text, true);
  END IF;
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0] AND "slot" = chosen;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The students list reads id, name, username, type and disabled: a password or MFA change leaves it current.
DROP TRIGGER "users_data_version" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_data_version" AFTER INSERT OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('users');--> statement-breakpoint
CREATE TRIGGER "users_data_version_update" AFTER UPDATE OF "username", "name", "type", "disabled" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('users');--> statement-breakpoint
-- The accounts list (Felhasználók): every column of users, and the last sign-ins.
CREATE TRIGGER "users_accounts_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('accounts');--> statement-breakpoint
CREATE TRIGGER "user_sign_ins_accounts_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_sign_ins"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('accounts');--> statement-breakpoint
-- The groups answer: groups, their members, classrooms (name, layout), and the leaders' and members' names.
CREATE TRIGGER "groups_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('groups');--> statement-breakpoint
CREATE TRIGGER "group_members_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('groups');--> statement-breakpoint
CREATE TRIGGER "classrooms_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "classrooms"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('groups');--> statement-breakpoint
CREATE TRIGGER "users_groups_version" AFTER DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('groups');--> statement-breakpoint
CREATE TRIGGER "users_groups_version_update" AFTER UPDATE OF "username", "name" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('groups');--> statement-breakpoint
-- Short links, with their visit counts (a flush of buffered visits is an UPDATE: it bumps the counter).
CREATE TRIGGER "short_links_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "short_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('links');--> statement-breakpoint
CREATE TRIGGER "blocked_domains_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blocked_domains"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('blocked_domains');
