-- The place search's terms, precomputed (issue 28; api/places/places.service.ts): every branch's name,
-- city, the areas of its address, its landmarks in both languages and the aliases of its city, one
-- lower-case row each, with the spaces-removed form, under trigram indexes. Triggers keep them in
-- step with hotels and place_aliases, so a query scores the few rows the indexes hand it instead of
-- expanding every branch's JSON from scratch.
CREATE TABLE "place_terms" (
	"hotel_id" integer NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"compact" text NOT NULL,
	"km" double precision,
	"label_id" text,
	"label_en" text
);--> statement-breakpoint
CREATE INDEX "place_terms_hotel_idx" ON "place_terms" ("hotel_id");--> statement-breakpoint
CREATE INDEX "place_terms_term_trgm" ON "place_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "place_terms_compact_trgm" ON "place_terms" USING gin ("compact" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION place_terms_of_hotel(h_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM place_terms WHERE hotel_id = h_id;
  INSERT INTO place_terms (hotel_id, kind, term, compact, km, label_id, label_en)
  WITH h AS (SELECT * FROM hotels WHERE id = h_id),
  landmarks AS (
    SELECT lm->'name' AS name, (lm->>'distanceKm')::float8 AS km
    FROM h, jsonb_array_elements(h.localities) l, jsonb_array_elements(l->'landmarks') lm
  ),
  named AS (
    SELECT CASE jsonb_typeof(name) WHEN 'string' THEN name #>> '{}' ELSE name->>'id' END AS id_name,
           CASE jsonb_typeof(name) WHEN 'string' THEN name #>> '{}' ELSE name->>'en' END AS en_name, km
    FROM landmarks
  ),
  raw AS (
    SELECT 'name' AS kind, h.name AS term, NULL::float8 AS km, NULL::text AS label_id, NULL::text AS label_en FROM h
    UNION ALL SELECT 'city', h.city, NULL, NULL, NULL FROM h
    UNION ALL SELECT 'area', trim(p), NULL, NULL, NULL FROM h, unnest(string_to_array(h.address, ',')) p
    UNION ALL SELECT 'landmark', id_name, km, id_name, en_name FROM named
    UNION ALL SELECT 'landmark', en_name, km, id_name, en_name FROM named WHERE en_name IS DISTINCT FROM id_name
    UNION ALL SELECT 'alias', a.alias, NULL, NULL, NULL FROM h JOIN place_aliases a ON lower(a.city) = lower(h.city)
  )
  SELECT h_id, kind, lower(term), replace(lower(term), ' ', ''), km, label_id, label_en
  FROM raw WHERE term IS NOT NULL AND trim(term) <> '';
END $$;--> statement-breakpoint
CREATE FUNCTION place_terms_hotel_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM place_terms WHERE hotel_id = OLD.id;
    RETURN OLD;
  END IF;
  PERFORM place_terms_of_hotel(NEW.id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER place_terms_hotels AFTER INSERT OR DELETE OR UPDATE OF name, city, address, localities ON hotels
  FOR EACH ROW EXECUTE FUNCTION place_terms_hotel_changed();--> statement-breakpoint
-- An alias added or removed: the alias terms of every branch again (a few hundred rows at most).
CREATE FUNCTION place_terms_aliases_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM place_terms WHERE kind = 'alias';
  INSERT INTO place_terms (hotel_id, kind, term, compact)
  SELECT h.id, 'alias', lower(a.alias), replace(lower(a.alias), ' ', '')
  FROM place_aliases a JOIN hotels h ON lower(h.city) = lower(a.city);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER place_terms_aliases AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON place_aliases
  FOR EACH STATEMENT EXECUTE FUNCTION place_terms_aliases_changed();--> statement-breakpoint
SELECT place_terms_of_hotel(id) FROM hotels;
