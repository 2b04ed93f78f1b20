ALTER TABLE "outbox_messages" ADD COLUMN "lane" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_lane_idx" ON "outbox_messages" USING btree ("status","lane","id");