CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"pods" smallint NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"reservation_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_live_uq" ON "waitlist_entries" USING btree ("user_id","room_type_id","check_in","check_out") WHERE status in ('waiting', 'offering', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_queue_idx" ON "waitlist_entries" USING btree ("room_type_id","check_in","check_out","id") WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_offered_idx" ON "waitlist_entries" USING btree ("reservation_id") WHERE status = 'offered';