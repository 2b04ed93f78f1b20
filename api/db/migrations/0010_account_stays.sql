CREATE TABLE "stay_checkins" (
	"reservation_id" integer PRIMARY KEY NOT NULL,
	"liveness_count_retry" integer DEFAULT 0 NOT NULL,
	"checked_in_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_status" text DEFAULT 'not_submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "stay_checkins" ADD CONSTRAINT "stay_checkins_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;