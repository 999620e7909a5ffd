ALTER TABLE "knowledge_bases" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "knowledge_bases" ADD COLUMN "mindmap_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_bases" ADD COLUMN "mindmap_error" text;