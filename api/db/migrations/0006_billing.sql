CREATE TABLE "billing_periods" (
	"subscription_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_periods_pkey" PRIMARY KEY("subscription_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "mollie_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mollie_customers_customer_id_key" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "overdue_reminders" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewal_invoices" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"delivery" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_invoices_delivery_check" CHECK ("renewal_invoices"."delivery" in ('pending', 'collecting', 'mailed'))
);
--> statement-breakpoint
CREATE TABLE "renewal_reminders" (
	"subscription_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_reminders_pkey" PRIMARY KEY("subscription_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "billing_periods" ADD CONSTRAINT "billing_periods_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_periods" ADD CONSTRAINT "billing_periods_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mollie_customers" ADD CONSTRAINT "mollie_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overdue_reminders" ADD CONSTRAINT "overdue_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_invoices" ADD CONSTRAINT "renewal_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_invoices" ADD CONSTRAINT "renewal_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_periods_invoice_id_idx" ON "billing_periods" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_invoices_user_day_key" ON "renewal_invoices" USING btree ("user_id","issue_date");--> statement-breakpoint
CREATE INDEX "renewal_invoices_delivery_idx" ON "renewal_invoices" USING btree ("delivery");