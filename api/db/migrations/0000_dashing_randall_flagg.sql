CREATE TABLE "add_on_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"add_on_type_id" integer NOT NULL,
	"type_name" jsonb NOT NULL,
	"item_name" jsonb NOT NULL,
	"price" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"provider_name" text NOT NULL,
	"cover_amount" integer NOT NULL,
	"terms_url" text NOT NULL,
	"benefit_url" text NOT NULL,
	"claim_url" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ancillary_packages" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"hotel_id" integer,
	"room_type_id" integer,
	"provider_name" text NOT NULL,
	"provider_short_description" jsonb NOT NULL,
	"provider_logo_url" text NOT NULL,
	"ancillary_type_code" text NOT NULL,
	"name" jsonb NOT NULL,
	"sale_price" integer NOT NULL,
	"custom_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ticket_hash" text,
	"ticket_expires_at" timestamp with time zone,
	"ticket_used_at" timestamp with time zone,
	CONSTRAINT "auth_codes_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
CREATE TABLE "auth_refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "auth_refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"nick_name" text,
	"email" text NOT NULL,
	"telephone" text,
	"password_hash" text NOT NULL,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"is_telephone_verified" boolean DEFAULT false NOT NULL,
	"profile_picture_url" text,
	"preferred_lang" text DEFAULT 'id' NOT NULL,
	"night_count" integer DEFAULT 0 NOT NULL,
	"stay_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_telephone_unique" UNIQUE("telephone")
);
--> statement-breakpoint
CREATE TABLE "room_inventory" (
	"room_type_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"date" date NOT NULL,
	"sellable" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"fake_price" integer NOT NULL,
	CONSTRAINT "room_inventory_room_type_id_date_pk" PRIMARY KEY("room_type_id","date"),
	CONSTRAINT "room_inventory_sold_within_sellable" CHECK ("room_inventory"."sold" >= 0 and "room_inventory"."sold" <= "room_inventory"."sellable")
);
--> statement-breakpoint
CREATE TABLE "hotel_blackouts" (
	"hotel_id" integer NOT NULL,
	"date" date NOT NULL,
	"reason" jsonb NOT NULL,
	CONSTRAINT "hotel_blackouts_hotel_id_date_pk" PRIMARY KEY("hotel_id","date")
);
--> statement-breakpoint
CREATE TABLE "hotel_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotels" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"is_cabin" smallint DEFAULT 0 NOT NULL,
	"description" jsonb NOT NULL,
	"total_rooms" integer NOT NULL,
	"type_id" integer NOT NULL,
	"address" text NOT NULL,
	"picture_url" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"check_in_time" text DEFAULT '14:00' NOT NULL,
	"check_out_time" text DEFAULT '12:00' NOT NULL,
	"time_zone" text DEFAULT 'Asia/Jakarta' NOT NULL,
	"email" text NOT NULL,
	"telephone" text NOT NULL,
	"facilities" jsonb NOT NULL,
	"galleries" jsonb NOT NULL,
	"localities" jsonb NOT NULL,
	"web_max_duration" integer DEFAULT 14 NOT NULL,
	CONSTRAINT "hotels_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_type" text NOT NULL,
	"label" jsonb NOT NULL,
	"name" text NOT NULL,
	"description" jsonb NOT NULL,
	"icon_url" text NOT NULL,
	"main_picture_url" text NOT NULL,
	"room_price_type" text DEFAULT 'daily' NOT NULL,
	"bed_size" text NOT NULL,
	"capacity" integer NOT NULL,
	"capacity_children" integer DEFAULT 0 NOT NULL,
	"facility" jsonb NOT NULL,
	"total_rooms" integer NOT NULL,
	"stop_sell_limit_web" integer DEFAULT 0 NOT NULL,
	"stop_sell_limit_app" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"lang" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_sink_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"from" text,
	"to" text NOT NULL,
	"subject" text,
	"text" text,
	"html" text,
	"message_id" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"logo_url" text NOT NULL,
	"fee_flat" integer DEFAULT 0 NOT NULL,
	"fee_bps" integer DEFAULT 0 NOT NULL,
	"min_amount" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_channels_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY NOT NULL,
	"platform" text DEFAULT 'web' NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"link_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"active_from" date NOT NULL,
	"active_to" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bobopoint_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"list_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY NOT NULL,
	"promo_code" text NOT NULL,
	"promo_name" jsonb NOT NULL,
	"promo_type_id" integer NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"max_discount" integer,
	"min_spend" integer DEFAULT 0 NOT NULL,
	"is_foc" boolean DEFAULT false NOT NULL,
	"payment_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hotel_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"is_voucher" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"active_from" date NOT NULL,
	"active_to" date NOT NULL,
	"stay_from" date NOT NULL,
	"stay_to" date NOT NULL,
	"terms" jsonb NOT NULL,
	"image_url" text NOT NULL,
	CONSTRAINT "promotions_promo_code_unique" UNIQUE("promo_code")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "reservation_nights" (
	"reservation_id" integer NOT NULL,
	"date" date NOT NULL,
	"room_type_id" integer NOT NULL,
	"rooms" integer NOT NULL,
	"price" integer NOT NULL,
	"fake_price" integer NOT NULL,
	CONSTRAINT "reservation_nights_reservation_id_date_pk" PRIMARY KEY("reservation_id","date")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"source_id" smallint DEFAULT 1 NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"total_room" integer NOT NULL,
	"checkin_date" date NOT NULL,
	"checkout_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"payment_status_id" smallint DEFAULT 1 NOT NULL,
	"promo_code" text,
	"gift_certificate" integer DEFAULT 0 NOT NULL,
	"is_use_addon" boolean DEFAULT false NOT NULL,
	"ancillary_package_uuids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_channel_code" text,
	"notes" text DEFAULT '' NOT NULL,
	"campaign_identifier" text,
	"guest_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"guest_phone" text DEFAULT '' NOT NULL,
	CONSTRAINT "reservations_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "reservations_invoice_number_unique" UNIQUE("invoice_number")
);
--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_refresh_tokens" ADD CONSTRAINT "auth_refresh_tokens_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_inventory" ADD CONSTRAINT "room_inventory_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_inventory" ADD CONSTRAINT "room_inventory_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_blackouts" ADD CONSTRAINT "hotel_blackouts_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_type_id_hotel_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."hotel_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bobopoint_accounts" ADD CONSTRAINT "bobopoint_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_nights" ADD CONSTRAINT "reservation_nights_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_nights" ADD CONSTRAINT "reservation_nights_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_codes_lookup_idx" ON "auth_codes" USING btree ("purpose","target","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auth_refresh_tokens_session_idx" ON "auth_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "room_inventory_hotel_date_idx" ON "room_inventory" USING btree ("hotel_id","date");--> statement-breakpoint
CREATE INDEX "room_types_hotel_idx" ON "room_types" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_pending_idx" ON "outbox_messages" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "reservations_user_status_idx" ON "reservations" USING btree ("user_id","payment_status_id");--> statement-breakpoint
CREATE INDEX "reservations_waiting_expiry_idx" ON "reservations" USING btree ("payment_status_id","expired_at");