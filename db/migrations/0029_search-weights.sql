-- The site search's vectors weigh a thing's title A, its tags (category names, keywords) B, and its
-- text and place C, as app/lib/search/index.server.ts now writes them: retrieval counts a word met
-- in a title or tags apart from one met in passing in the text.
UPDATE "search_documents" SET
  "tsv_english" = setweight(to_tsvector('playa_english', "title"), 'A')
    || setweight(to_tsvector('playa_english', array_to_string("tags", ' ')), 'B')
    || setweight(to_tsvector('playa_english', "body" || ' ' || coalesce("place", '')), 'C'),
  "tsv_spanish" = setweight(to_tsvector('playa_spanish', "title"), 'A')
    || setweight(to_tsvector('playa_spanish', array_to_string("tags", ' ')), 'B')
    || setweight(to_tsvector('playa_spanish', "body" || ' ' || coalesce("place", '')), 'C');
