-- Local groups and properties no longer carry their area's names as tags (weight B, "what a thing
-- is filed under"): the area is their place (weight C), as for businesses and events. Tagged "Playa
-- Flamingo", every group and house there was filed under "playa", which the concierge reads as the
-- beach. The vectors are rebuilt the way app/lib/search/index.server.ts writes them.
UPDATE "search_documents" d SET
  "tags" = array(
    select t from unnest(d."tags") as t
    where t not in (select "name_en" from "areas" union select "name_es" from "areas" union select "slug" from "areas")
  )
WHERE d."kind" in ('group', 'property');
--> statement-breakpoint
UPDATE "search_documents" SET
  "tsv_english" = setweight(to_tsvector('playa_english', "title"), 'A')
    || setweight(to_tsvector('playa_english', array_to_string("tags", ' ')), 'B')
    || setweight(to_tsvector('playa_english', "body" || ' ' || coalesce("place", '')), 'C'),
  "tsv_spanish" = setweight(to_tsvector('playa_spanish', "title"), 'A')
    || setweight(to_tsvector('playa_spanish', array_to_string("tags", ' ')), 'B')
    || setweight(to_tsvector('playa_spanish', "body" || ' ' || coalesce("place", '')), 'C')
WHERE "kind" in ('group', 'property');
