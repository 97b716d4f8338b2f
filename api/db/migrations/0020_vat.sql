-- Issue 43: VAT beyond the small-business scheme. Each invoice and credit note keeps the VAT rule's
-- verdict (category S / E / AE and the country whose VAT it is), the buyer's country and, for a
-- reverse charge, the buyer's VAT number; each order keeps the VAT number it was placed with and
-- VIES's answer (valid / unknown: VIES could not be asked, staff check it by hand).
ALTER TABLE "invoices" ADD COLUMN "vat_category" text DEFAULT 'E' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_country" text DEFAULT 'NL' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_country" text DEFAULT 'NL' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_vat" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_vat_category_check" CHECK ("invoices"."vat_category" in ('S', 'E', 'AE'));--> statement-breakpoint
UPDATE "invoices" SET "buyer_country" = p."country"
  FROM "customer_profiles" p WHERE p."user_id" = "invoices"."user_id" AND p."country" <> 'NL';--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "vat_category" text DEFAULT 'E' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "tax_country" text DEFAULT 'NL' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_vat_category_check" CHECK ("credit_notes"."vat_category" in ('S', 'E', 'AE'));--> statement-breakpoint
CREATE INDEX "credit_notes_issue_date_idx" ON "credit_notes" USING btree ("issue_date");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vies_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vies_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vies_request_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vies_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vies_status_check" CHECK ("orders"."vies_status" in ('valid', 'unknown'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoices_refuse_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'issued invoices are never deleted';
  END IF;
  IF (NEW."number", NEW."year", NEW."sequence", NEW."order_id", NEW."user_id", NEW."issued_at",
      NEW."issue_date", NEW."due_date", NEW."lang", NEW."currency", NEW."seller", NEW."buyer",
      NEW."lines", NEW."subtotal", NEW."vat_rate", NEW."vat", NEW."total", NEW."vat_category",
      NEW."tax_country", NEW."buyer_country", NEW."buyer_vat")
     IS DISTINCT FROM
     (OLD."number", OLD."year", OLD."sequence", OLD."order_id", OLD."user_id", OLD."issued_at",
      OLD."issue_date", OLD."due_date", OLD."lang", OLD."currency", OLD."seller", OLD."buyer",
      OLD."lines", OLD."subtotal", OLD."vat_rate", OLD."vat", OLD."total", OLD."vat_category",
      OLD."tax_country", OLD."buyer_country", OLD."buyer_vat") THEN
    RAISE EXCEPTION 'issued invoices never change';
  END IF;
  RETURN NEW;
END;
$$;
