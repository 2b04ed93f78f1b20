CREATE TABLE "payment_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"reservation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"channel_code" text NOT NULL,
	"payment_type" text NOT NULL,
	"gross_amount" integer NOT NULL,
	"points_used" integer DEFAULT 0 NOT NULL,
	"lang" text NOT NULL,
	"gateway" text NOT NULL,
	"status" text NOT NULL,
	"status_rank" smallint DEFAULT 0 NOT NULL,
	"fraud_status" text,
	"transaction_id" text,
	"instructions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	"refund_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_charges_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payment_charges_reservation_attempt_uq" UNIQUE("reservation_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"transaction_status" text NOT NULL,
	"status_code" text NOT NULL,
	"gross_amount" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bobopoint_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"reservation_id" integer,
	"earn_date" date,
	"expires_on" date,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bobopoint_ledger_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_sink_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bobopoint_ledger" ADD CONSTRAINT "bobopoint_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_charges_reservation_idx" ON "payment_charges" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bobopoint_ledger_user_idx" ON "bobopoint_ledger" USING btree ("user_id","status");