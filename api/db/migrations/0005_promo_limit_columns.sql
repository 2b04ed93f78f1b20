ALTER TABLE "promotions" ADD COLUMN "max_redemptions" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "max_per_user" integer;--> statement-breakpoint
CREATE INDEX "reservations_promo_code_idx" ON "reservations" USING btree ("promo_code","payment_status_id");