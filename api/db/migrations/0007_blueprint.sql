CREATE TABLE "blueprint_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"lang" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"section_index" integer DEFAULT 0 NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blueprint_drafts_lang_check" CHECK ("blueprint_drafts"."lang" in ('nl', 'en')),
	CONSTRAINT "blueprint_drafts_section_check" CHECK ("blueprint_drafts"."section_index" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "blueprint_submissions" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"draft_id" uuid,
	"score" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"pdf_filename" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blueprint_submissions_score_check" CHECK ("blueprint_submissions"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "blueprint_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blueprint_uploads_size_check" CHECK ("blueprint_uploads"."size" > 0 and "blueprint_uploads"."size" <= 5242880),
	CONSTRAINT "blueprint_uploads_type_check" CHECK ("blueprint_uploads"."content_type" in ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'))
);
--> statement-breakpoint
ALTER TABLE "blueprint_submissions" ADD CONSTRAINT "blueprint_submissions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blueprint_submissions" ADD CONSTRAINT "blueprint_submissions_draft_id_blueprint_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."blueprint_drafts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blueprint_uploads" ADD CONSTRAINT "blueprint_uploads_draft_id_blueprint_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."blueprint_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blueprint_drafts_token_hash_idx" ON "blueprint_drafts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "blueprint_uploads_draft_idx" ON "blueprint_uploads" USING btree ("draft_id");