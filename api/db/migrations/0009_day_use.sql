CREATE TABLE "room_hour_stock" (
	"room_type_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"date" date NOT NULL,
	"hour" smallint NOT NULL,
	"sellable" integer NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "room_hour_stock_room_type_id_date_hour_pk" PRIMARY KEY("room_type_id","date","hour"),
	CONSTRAINT "room_hour_stock_hour" CHECK ("room_hour_stock"."hour" between 0 and 23),
	CONSTRAINT "room_hour_stock_held_within_sellable" CHECK ("room_hour_stock"."held" >= 0 and "room_hour_stock"."held" <= "room_hour_stock"."sellable")
);
--> statement-breakpoint
CREATE TABLE "room_type_blocks" (
	"room_type_id" integer NOT NULL,
	"hours" smallint NOT NULL,
	"price" integer NOT NULL,
	"fake_price" integer NOT NULL,
	CONSTRAINT "room_type_blocks_room_type_id_hours_pk" PRIMARY KEY("room_type_id","hours"),
	CONSTRAINT "room_type_blocks_hours" CHECK ("room_type_blocks"."hours" between 1 and 24),
	CONSTRAINT "room_type_blocks_price" CHECK ("room_type_blocks"."price" > 0 and "room_type_blocks"."fake_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservation_hours" (
	"reservation_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"date" date NOT NULL,
	"hour" smallint NOT NULL,
	"rooms" integer NOT NULL,
	CONSTRAINT "reservation_hours_reservation_id_date_hour_pk" PRIMARY KEY("reservation_id","date","hour")
);
--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "day_use_open_hour" smallint DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "day_use_close_hour" smallint DEFAULT 22 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "day_use_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "day_use_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "block_hours" smallint;--> statement-breakpoint
ALTER TABLE "room_hour_stock" ADD CONSTRAINT "room_hour_stock_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_hour_stock" ADD CONSTRAINT "room_hour_stock_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_type_blocks" ADD CONSTRAINT "room_type_blocks_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_hours" ADD CONSTRAINT "reservation_hours_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_hours" ADD CONSTRAINT "reservation_hours_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;