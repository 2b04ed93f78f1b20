-- Issue 18: a hotel's calendar reads its day stock by the primary key's index alone. Every stock
-- change rewrites a hotel_day_stock row, and the new version lands wherever the table has room, so
-- a hotel's nights drift onto a page each (a grown hotel's 90-day calendar read 93 heap pages,
-- a seeded one 12). The key's index keeps them in (hotel, date) order: with the two values it
-- carries (INCLUDE), the calendar is an index-only scan over a few leaf pages, whatever the table's
-- physical order. The key columns, the name and ON CONFLICT (hotel_id, date) are unchanged.
ALTER TABLE "hotel_day_stock" DROP CONSTRAINT "hotel_day_stock_hotel_id_date_pk";--> statement-breakpoint
ALTER TABLE "hotel_day_stock" ADD CONSTRAINT "hotel_day_stock_hotel_id_date_pk" PRIMARY KEY ("hotel_id", "date") INCLUDE ("web_sellable", "min_price");
