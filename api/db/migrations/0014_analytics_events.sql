CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"client_id" text NOT NULL,
	"page_path" text NOT NULL,
	"lang" text,
	"hotel_id" integer,
	"reservation_id" integer,
	"campaign" text,
	"source" text,
	"value" integer,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "campaign_event" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "channel_source" text;--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at","name");