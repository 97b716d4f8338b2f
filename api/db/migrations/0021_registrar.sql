CREATE TABLE "domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"auth_code" text,
	"nameservers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_on" date,
	"registrar_id" bigint,
	"last_message" text,
	"auth_code_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_kind_check" CHECK ("domains"."kind" in ('register', 'transfer')),
	CONSTRAINT "domains_status_check" CHECK ("domains"."status" in ('pending', 'registering', 'transferring', 'awaitingAuthCode', 'active', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "domain_operations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "domain_operations_kind_check" CHECK ("domain_operations"."kind" in ('register', 'transfer', 'renew')),
	CONSTRAINT "domain_operations_status_check" CHECK ("domain_operations"."status" in ('queued', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "registrar_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"registrar" text NOT NULL,
	"handle" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_operations" ADD CONSTRAINT "domain_operations_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_operations" ADD CONSTRAINT "domain_operations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrar_customers" ADD CONSTRAINT "registrar_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domains_order_id_key" ON "domains" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "domains_user_id_idx" ON "domains" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "domains_name_idx" ON "domains" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "domain_operations_once_key" ON "domain_operations" USING btree ("domain_id","kind") WHERE "domain_operations"."kind" in ('register', 'transfer');--> statement-breakpoint
CREATE UNIQUE INDEX "domain_operations_renewal_key" ON "domain_operations" USING btree ("domain_id","invoice_id") WHERE "domain_operations"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "domain_operations_due_idx" ON "domain_operations" USING btree ("status","next_attempt_at");
