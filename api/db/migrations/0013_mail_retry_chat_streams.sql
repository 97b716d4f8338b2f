CREATE TABLE "chat_streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_streams_holder_check" CHECK ("chat_streams"."holder" in ('visitor', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "chat_streams" ADD CONSTRAINT "chat_streams_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_streams_conversation_id_idx" ON "chat_streams" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "chat_streams_expires_at_idx" ON "chat_streams" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_status_next_attempt_at_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_failure_check" CHECK ("outbox"."failure" in ('unreachable', 'auth', 'deferred', 'rejected', 'attachment', 'other'));--> statement-breakpoint
-- Mails the old rule gave up on (8 tries in about 7 minutes) that the new one would still be
-- trying (5 days): pending again, due now.
UPDATE "outbox" SET "status" = 'pending', "claimed_until" = NULL, "failing_since" = "created_at" WHERE "status" = 'failed' AND "created_at" > now() - interval '5 days';
