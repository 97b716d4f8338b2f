ALTER TABLE "invoice_documents" ADD COLUMN "paid_on" date;
