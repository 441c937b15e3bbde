-- Search needs trigram similarity (typos) and accent folding (pescaderia = pescadería).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- Accent-insensitive copies of the two stemming configurations, used for documents and queries alike.
CREATE TEXT SEARCH CONFIGURATION playa_english (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION playa_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION playa_spanish (COPY = spanish);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION playa_spanish ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
