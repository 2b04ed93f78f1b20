CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "place_aliases" (
	"alias" text NOT NULL,
	"city" text NOT NULL,
	CONSTRAINT "place_aliases_alias_city_pk" PRIMARY KEY("alias","city")
);--> statement-breakpoint
-- What guests type for the places the hotels do not name themselves (api/places/places.schema.ts).
INSERT INTO "place_aliases" ("alias", "city") VALUES
  ('jogja', 'Yogyakarta'),
  ('yogya', 'Yogyakarta'),
  ('djokdja', 'Yogyakarta'),
  ('diy', 'Yogyakarta'),
  ('jkt', 'Jakarta'),
  ('jakarta selatan', 'Jakarta'),
  ('jakarta pusat', 'Jakarta'),
  ('ibu kota', 'Jakarta'),
  ('capital', 'Jakarta'),
  ('bali', 'Denpasar'),
  ('bali', 'Gianyar'),
  ('bali', 'Bangli'),
  ('ubud', 'Gianyar'),
  ('sby', 'Surabaya'),
  ('suroboyo', 'Surabaya'),
  ('smg', 'Semarang'),
  ('bdg', 'Bandung'),
  ('paris van java', 'Bandung'),
  ('kota kembang', 'Bandung'),
  ('mlg', 'Malang'),
  ('lombok', 'Lombok Tengah'),
  ('mandalika', 'Lombok Tengah'),
  ('puncak', 'Bogor'),
  ('papua', 'Jayapura'),
  ('banyumas', 'Purwokerto'),
  ('sumba', 'Sumba Barat Daya'),
  ('trawas', 'Mojokerto'),
  ('pacet', 'Mojokerto')
ON CONFLICT DO NOTHING;
