CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"video_call_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_lang_check" CHECK ("bookings"."lang" in ('nl', 'en')),
	CONSTRAINT "bookings_end_after_start_check" CHECK ("bookings"."end_time" > "bookings"."start_time")
);
--> statement-breakpoint
CREATE TABLE "chat_availability" (
	"staff_id" text PRIMARY KEY NOT NULL,
	"available" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" text,
	"priority" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_surveys_priority_check" CHECK ("consultation_surveys"."priority" in ('', 'increaseSales', 'improveRetention', 'optimizeOperations', 'other'))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_subject_check" CHECK ("tickets"."subject" in ('', 'general', 'support', 'collaboration')),
	CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in ('open', 'closed')),
	CONSTRAINT "tickets_lang_check" CHECK ("tickets"."lang" in ('nl', 'en'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_start_time_key" ON "bookings" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "consultation_surveys_booking_id_idx" ON "consultation_surveys" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "tickets_created_at_idx" ON "tickets" USING btree ("created_at");