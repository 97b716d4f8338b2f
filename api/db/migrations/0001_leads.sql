CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"answers" jsonb NOT NULL,
	"recommended_category" text,
	"recommended_products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subscribe" boolean NOT NULL,
	"consent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_source_check" CHECK ("leads"."source" in ('planner', 'quiz', 'leadForm', 'blueprint')),
	CONSTRAINT "leads_lang_check" CHECK ("leads"."lang" in ('nl', 'en')),
	CONSTRAINT "leads_email_lowercase_check" CHECK ("leads"."email" = lower("leads"."email")),
	CONSTRAINT "leads_consent_check" CHECK (("leads"."subscribe" and "leads"."consent_at" is not null) or (not "leads"."subscribe" and "leads"."consent_at" is null))
);
--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");