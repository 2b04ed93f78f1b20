CREATE TABLE "insurance_policies" (
	"reservation_id" integer PRIMARY KEY NOT NULL,
	"insurer" text NOT NULL,
	"status" text NOT NULL,
	"policy_number" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_policies_due_idx" ON "insurance_policies" USING btree ("next_check_at") WHERE status in ('pending', 'requested');