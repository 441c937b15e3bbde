-- The directory's precomputed search columns (businesses.search_words, businesses.open_week) are
-- kept in step by triggers rather than by the code that writes documents or hours, so every writer
-- (the app, the seed, an import, a bench) leaves them right. Statement-level triggers with
-- transition tables: a bulk insert of 100 000 rows refreshes each business once, not per row.

-- Every lexeme of a business's search documents (both languages, both stemmers), without
-- positions or weights: enough to decide "does it match" from the businesses row alone.
CREATE FUNCTION directory_search_words(business uuid) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT lexeme)), ''::tsvector)
  FROM search_documents d, unnest(tsvector_to_array(d.tsv_english || d.tsv_spanish)) AS lexeme
  WHERE d.kind = 'business' AND d.ref_id = business::text
$$;
--> statement-breakpoint
-- The week's opening periods as minutes since Sunday 00:00, [open, close). A close at or before
-- the open runs past midnight (hours.ts); past Saturday midnight it wraps to Sunday morning.
CREATE FUNCTION directory_open_week(business uuid) RETURNS int4multirange
LANGUAGE sql STABLE AS $$
  WITH periods AS (
    SELECT h.weekday * 1440 + h.opens_at AS opens,
      h.weekday * 1440 + h.closes_at + CASE WHEN h.closes_at <= h.opens_at THEN 1440 ELSE 0 END AS closes
    FROM business_hours h WHERE h.business_id = business
  )
  SELECT coalesce(range_agg(r), '{}'::int4multirange) FROM (
    SELECT int4range(opens, least(closes, 10080)) AS r FROM periods
    UNION ALL
    SELECT int4range(0, closes - 10080) FROM periods WHERE closes > 10080
  ) ranges
$$;
--> statement-breakpoint
CREATE FUNCTION search_documents_refresh_directory() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET search_words = directory_search_words(b.id)
  WHERE b.id IN (SELECT ref_id::uuid FROM changed_documents WHERE kind = 'business');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_documents_refresh_directory_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET search_words = directory_search_words(b.id)
  WHERE b.id IN (
    SELECT ref_id::uuid FROM old_documents WHERE kind = 'business'
    UNION SELECT ref_id::uuid FROM new_documents WHERE kind = 'business'
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_documents_directory_insert AFTER INSERT ON search_documents
  REFERENCING NEW TABLE AS changed_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_refresh_directory();
--> statement-breakpoint
CREATE TRIGGER search_documents_directory_delete AFTER DELETE ON search_documents
  REFERENCING OLD TABLE AS changed_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_refresh_directory();
--> statement-breakpoint
CREATE TRIGGER search_documents_directory_update AFTER UPDATE ON search_documents
  REFERENCING OLD TABLE AS old_documents NEW TABLE AS new_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_refresh_directory_update();
--> statement-breakpoint
CREATE FUNCTION business_hours_refresh_open_week() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET open_week = directory_open_week(b.id)
  WHERE b.id IN (SELECT business_id FROM changed_hours);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION business_hours_refresh_open_week_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET open_week = directory_open_week(b.id)
  WHERE b.id IN (SELECT business_id FROM old_hours UNION SELECT business_id FROM new_hours);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER business_hours_open_week_insert AFTER INSERT ON business_hours
  REFERENCING NEW TABLE AS changed_hours
  FOR EACH STATEMENT EXECUTE FUNCTION business_hours_refresh_open_week();
--> statement-breakpoint
CREATE TRIGGER business_hours_open_week_delete AFTER DELETE ON business_hours
  REFERENCING OLD TABLE AS changed_hours
  FOR EACH STATEMENT EXECUTE FUNCTION business_hours_refresh_open_week();
--> statement-breakpoint
CREATE TRIGGER business_hours_open_week_update AFTER UPDATE ON business_hours
  REFERENCING OLD TABLE AS old_hours NEW TABLE AS new_hours
  FOR EACH STATEMENT EXECUTE FUNCTION business_hours_refresh_open_week_update();
--> statement-breakpoint
UPDATE businesses SET search_words = directory_search_words(id), open_week = directory_open_week(id);
