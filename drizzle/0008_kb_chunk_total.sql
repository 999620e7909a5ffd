-- Each knowledge base's count of indexed chunks, kept in kb_terms under the empty term from now on (CHUNK_TOTAL_TERM).
INSERT INTO "kb_terms" ("kb_id", "term", "df")
SELECT "kb_id", '', sum("chunk_count")::int FROM "kb_documents" WHERE "status" = 'indexed' GROUP BY "kb_id" HAVING sum("chunk_count") > 0
ON CONFLICT ("kb_id", "term") DO NOTHING;
