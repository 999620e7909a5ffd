CREATE TABLE "login_failures" (
	"login" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_failures_login_address_pk" PRIMARY KEY("login","address")
);
--> statement-breakpoint
CREATE INDEX "login_failures_updated_idx" ON "login_failures" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "agent_runs_user_active_idx" ON "agent_runs" USING btree ("user_id") WHERE "agent_runs"."status" in ('pending', 'running') and "agent_runs"."run_type" <> 'subagent';--> statement-breakpoint
CREATE INDEX "kb_documents_uploader_idx" ON "kb_documents" USING btree ("uploaded_by","status");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";