CREATE TABLE "barber_appointment_services" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	CONSTRAINT "barber_appointment_services_pkey" PRIMARY KEY("account_id","appointment_id","position")
);
--> statement-breakpoint
CREATE TABLE "barber_appointments" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"source" text NOT NULL,
	"token_hash" text,
	"reminder_sent_at" timestamp with time zone,
	"sample" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "barber_appointments_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "barber_appointments_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "barber_appointments_status_check" CHECK ("barber_appointments"."status" in ('booked', 'checked_in', 'done', 'cancelled', 'no_show')),
	CONSTRAINT "barber_appointments_source_check" CHECK ("barber_appointments"."source" in ('staff', 'public', 'walk_in')),
	CONSTRAINT "barber_appointments_range_check" CHECK ("barber_appointments"."end_at" > "barber_appointments"."start_at")
);
--> statement-breakpoint
CREATE TABLE "barber_breaks" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "barber_breaks_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "barber_breaks_check" CHECK ("barber_breaks"."weekday" between 1 and 7 and "barber_breaks"."start_minute" >= 0 and "barber_breaks"."end_minute" <= 1440 and "barber_breaks"."end_minute" > "barber_breaks"."start_minute")
);
--> statement-breakpoint
CREATE TABLE "barber_customers" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "barber_customers_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "barber_customers_workspace_id_key" UNIQUE("account_id","workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "barber_days_off" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "barber_days_off_pkey" PRIMARY KEY("account_id","staff_id","day")
);
--> statement-breakpoint
CREATE TABLE "barber_services" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"category" text,
	"active" boolean DEFAULT true NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "barber_services_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "barber_services_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "barber_services_duration_check" CHECK ("barber_services"."duration_minutes" between 5 and 600),
	CONSTRAINT "barber_services_price_check" CHECK ("barber_services"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "barber_settings" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"timezone" text DEFAULT 'Africa/Nairobi' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "barber_settings_pkey" PRIMARY KEY("account_id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "barber_staff" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "barber_staff_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "barber_staff_workspace_id_key" UNIQUE("account_id","workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "barber_staff_services" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "barber_staff_services_pkey" PRIMARY KEY("account_id","staff_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "barber_working_hours" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "barber_working_hours_pkey" PRIMARY KEY("account_id","staff_id","weekday"),
	CONSTRAINT "barber_working_hours_check" CHECK ("barber_working_hours"."weekday" between 1 and 7 and "barber_working_hours"."start_minute" >= 0 and "barber_working_hours"."end_minute" <= 1440 and "barber_working_hours"."end_minute" > "barber_working_hours"."start_minute")
);
--> statement-breakpoint
ALTER TABLE "barber_appointment_services" ADD CONSTRAINT "barber_appointment_services_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_appointment_services" ADD CONSTRAINT "barber_appointment_services_appointment_fk" FOREIGN KEY ("account_id","workspace_id","appointment_id") REFERENCES "public"."barber_appointments"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_appointment_services" ADD CONSTRAINT "barber_appointment_services_service_fk" FOREIGN KEY ("account_id","workspace_id","service_id") REFERENCES "public"."barber_services"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_appointments" ADD CONSTRAINT "barber_appointments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_appointments" ADD CONSTRAINT "barber_appointments_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_appointments" ADD CONSTRAINT "barber_appointments_customer_fk" FOREIGN KEY ("account_id","workspace_id","customer_id") REFERENCES "public"."barber_customers"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_appointments" ADD CONSTRAINT "barber_appointments_staff_fk" FOREIGN KEY ("account_id","workspace_id","staff_id") REFERENCES "public"."barber_staff"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_breaks" ADD CONSTRAINT "barber_breaks_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_breaks" ADD CONSTRAINT "barber_breaks_staff_fk" FOREIGN KEY ("account_id","workspace_id","staff_id") REFERENCES "public"."barber_staff"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_customers" ADD CONSTRAINT "barber_customers_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_days_off" ADD CONSTRAINT "barber_days_off_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_days_off" ADD CONSTRAINT "barber_days_off_staff_fk" FOREIGN KEY ("account_id","workspace_id","staff_id") REFERENCES "public"."barber_staff"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_services" ADD CONSTRAINT "barber_services_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_settings" ADD CONSTRAINT "barber_settings_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_staff" ADD CONSTRAINT "barber_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_staff" ADD CONSTRAINT "barber_staff_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_staff_services" ADD CONSTRAINT "barber_staff_services_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_staff_services" ADD CONSTRAINT "barber_staff_services_staff_fk" FOREIGN KEY ("account_id","workspace_id","staff_id") REFERENCES "public"."barber_staff"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_staff_services" ADD CONSTRAINT "barber_staff_services_service_fk" FOREIGN KEY ("account_id","workspace_id","service_id") REFERENCES "public"."barber_services"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_working_hours" ADD CONSTRAINT "barber_working_hours_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_working_hours" ADD CONSTRAINT "barber_working_hours_staff_fk" FOREIGN KEY ("account_id","workspace_id","staff_id") REFERENCES "public"."barber_staff"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "barber_appointment_services_service_idx" ON "barber_appointment_services" USING btree ("account_id","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "barber_appointments_token_key" ON "barber_appointments" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "barber_appointments_workspace_start_idx" ON "barber_appointments" USING btree ("account_id","workspace_id","start_at","id");--> statement-breakpoint
CREATE INDEX "barber_appointments_staff_start_idx" ON "barber_appointments" USING btree ("account_id","staff_id","start_at");--> statement-breakpoint
CREATE INDEX "barber_appointments_customer_idx" ON "barber_appointments" USING btree ("account_id","customer_id");--> statement-breakpoint
CREATE INDEX "barber_appointments_reminder_idx" ON "barber_appointments" USING btree ("start_at") WHERE "barber_appointments"."reminder_sent_at" is null and "barber_appointments"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "barber_breaks_staff_idx" ON "barber_breaks" USING btree ("account_id","staff_id");--> statement-breakpoint
CREATE INDEX "barber_customers_workspace_email_idx" ON "barber_customers" USING btree ("account_id","workspace_id",lower("email"));--> statement-breakpoint
CREATE INDEX "barber_customers_workspace_name_idx" ON "barber_customers" USING btree ("account_id","workspace_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "barber_services_workspace_name_key" ON "barber_services" USING btree ("account_id","workspace_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "barber_staff_workspace_name_key" ON "barber_staff" USING btree ("account_id","workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "barber_staff_services_service_idx" ON "barber_staff_services" USING btree ("account_id","service_id");
--> statement-breakpoint
-- Hand-written (drizzle cannot express these); keep them at the end so the file can be regenerated.
-- A staff member's time is never booked twice, even by two requests at the same instant: the
-- exclusion constraint refuses two holding appointments (booked, checked in) whose ranges overlap.
-- btree_gist gives the gist index its `=` on uuid.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "barber_appointments" ADD CONSTRAINT "barber_appointments_no_overlap" EXCLUDE USING gist ("account_id" WITH =, "staff_id" WITH =, tstzrange("start_at", "end_at") WITH &&) WHERE ("status" in ('booked', 'checked_in'));--> statement-breakpoint
select workhub_tenant_table('barber_settings');--> statement-breakpoint
select workhub_tenant_table('barber_services');--> statement-breakpoint
select workhub_tenant_table('barber_staff');--> statement-breakpoint
select workhub_tenant_table('barber_staff_services');--> statement-breakpoint
select workhub_tenant_table('barber_working_hours');--> statement-breakpoint
select workhub_tenant_table('barber_breaks');--> statement-breakpoint
select workhub_tenant_table('barber_days_off');--> statement-breakpoint
select workhub_tenant_table('barber_customers');--> statement-breakpoint
select workhub_tenant_table('barber_appointments');--> statement-breakpoint
select workhub_tenant_table('barber_appointment_services');
