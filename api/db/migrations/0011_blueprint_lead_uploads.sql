CREATE TABLE "blueprint_submission_uploads" (
	"lead_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blueprint_submission_uploads_lead_id_upload_id_pk" PRIMARY KEY("lead_id","upload_id"),
	CONSTRAINT "blueprint_submission_uploads_type_check" CHECK ("blueprint_submission_uploads"."content_type" in ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'))
);
--> statement-breakpoint
ALTER TABLE "blueprint_submission_uploads" ADD CONSTRAINT "blueprint_submission_uploads_lead_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."blueprint_submissions"("lead_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "blueprint_submission_uploads" ("lead_id", "upload_id", "question_id", "name", "content_type", "size", "data", "created_at")
SELECT s."lead_id", u."id", u."question_id", u."name", u."content_type", u."size", u."data", s."created_at"
FROM "blueprint_submissions" s
JOIN "blueprint_uploads" u ON u."draft_id" = s."draft_id"
WHERE EXISTS (
	SELECT 1 FROM jsonb_each(s."answers") e
	CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.value) = 'array' THEN e.value ELSE '[]'::jsonb END) x
	WHERE x ->> 'id' = u."id"::text
);
