CREATE TABLE "stay_checkin_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stay_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"contact" text NOT NULL,
	"contact_kind" text NOT NULL,
	"guest_user_id" integer,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
-- stay_checkins becomes one row per stay and person: the existing rows were the booker's.
ALTER TABLE "stay_checkins" ADD COLUMN "user_id" integer;--> statement-breakpoint
UPDATE "stay_checkins" c SET "user_id" = r."user_id" FROM "reservations" r WHERE r."id" = c."reservation_id";--> statement-breakpoint
ALTER TABLE "stay_checkins" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stay_checkins" DROP CONSTRAINT "stay_checkins_pkey";--> statement-breakpoint
ALTER TABLE "stay_checkins" ADD CONSTRAINT "stay_checkins_reservation_id_user_id_pk" PRIMARY KEY("reservation_id","user_id");--> statement-breakpoint
-- The secondary guests named before sharing existed never agreed: each becomes a pending invitation
-- to their account's e-mail, which they accept or decline in their own account.
INSERT INTO "stay_shares" ("reservation_id", "contact", "contact_kind", "status", "created_at")
  SELECT g."reservation_id", lower(u."email"), 'email', 'pending', g."created_at"
  FROM "reservation_guests" g JOIN "users" u ON u."id" = g."user_id" WHERE u."erased_at" IS NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "stay_checkin_attempts" ADD CONSTRAINT "stay_checkin_attempts_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_checkin_attempts" ADD CONSTRAINT "stay_checkin_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_shares" ADD CONSTRAINT "stay_shares_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_shares" ADD CONSTRAINT "stay_shares_guest_user_id_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_checkin_attempts_stay_idx" ON "stay_checkin_attempts" USING btree ("reservation_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stay_shares_live_uq" ON "stay_shares" USING btree ("reservation_id","contact") WHERE status in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "stay_shares_contact_idx" ON "stay_shares" USING btree ("contact") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "stay_shares_guest_idx" ON "stay_shares" USING btree ("guest_user_id") WHERE status = 'accepted';--> statement-breakpoint
ALTER TABLE "stay_checkins" ADD CONSTRAINT "stay_checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;