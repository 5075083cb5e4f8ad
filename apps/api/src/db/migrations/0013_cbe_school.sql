CREATE TABLE "cbe_assessments" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" uuid NOT NULL,
	"sub_strand_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"level" text NOT NULL,
	"comment" text,
	"assessed_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cbe_assessments_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_assessments_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "cbe_assessments_level_check" CHECK ("cbe_assessments"."level" in ('exceeding', 'meeting', 'approaching', 'below'))
);
--> statement-breakpoint
CREATE TABLE "cbe_attendance" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"day" date NOT NULL,
	"mark" text NOT NULL,
	"reason" text,
	"marked_by" uuid,
	"notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cbe_attendance_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_attendance_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "cbe_attendance_mark_check" CHECK ("cbe_attendance"."mark" in ('present', 'late', 'absent'))
);
--> statement-breakpoint
CREATE TABLE "cbe_classes" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"grade_id" uuid NOT NULL,
	"name" text NOT NULL,
	"teacher_id" uuid,
	CONSTRAINT "cbe_classes_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_classes_workspace_id_key" UNIQUE("account_id","workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "cbe_fee_structures" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"grade_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"description" text,
	CONSTRAINT "cbe_fee_structures_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_fee_structures_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "cbe_fee_structures_amount_check" CHECK ("cbe_fee_structures"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "cbe_grades" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cbe_grades_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_grades_workspace_id_key" UNIQUE("account_id","workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "cbe_guardians" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	CONSTRAINT "cbe_guardians_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_guardians_workspace_id_key" UNIQUE("account_id","workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "cbe_invoices" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"paid" numeric(14, 4) DEFAULT '0' NOT NULL,
	"issued_on" date NOT NULL,
	CONSTRAINT "cbe_invoices_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_invoices_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "cbe_invoices_paid_check" CHECK ("cbe_invoices"."paid" >= 0 and "cbe_invoices"."paid" <= "cbe_invoices"."amount")
);
--> statement-breakpoint
CREATE TABLE "cbe_learning_areas" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"grade_id" uuid NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "cbe_learning_areas_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_learning_areas_workspace_id_key" UNIQUE("account_id","workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "cbe_payments" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"recorded_by" uuid,
	CONSTRAINT "cbe_payments_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_payments_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "cbe_payments_amount_check" CHECK ("cbe_payments"."amount" > 0),
	CONSTRAINT "cbe_payments_method_check" CHECK ("cbe_payments"."method" in ('cash', 'mpesa', 'bank', 'cheque'))
);
--> statement-breakpoint
CREATE TABLE "cbe_remarks" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"remarks" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cbe_remarks_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_remarks_workspace_id_key" UNIQUE("account_id","workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "cbe_strands" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"learning_area_id" uuid NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "cbe_strands_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_strands_workspace_id_key" UNIQUE("account_id","workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "cbe_students" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admission_no" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"class_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "cbe_students_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_students_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "cbe_students_status_check" CHECK ("cbe_students"."status" in ('active', 'left'))
);
--> statement-breakpoint
CREATE TABLE "cbe_sub_strands" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"strand_id" uuid NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "cbe_sub_strands_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_sub_strands_workspace_id_key" UNIQUE("account_id","workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "cbe_teachers" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "cbe_teachers_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_teachers_workspace_id_key" UNIQUE("account_id","workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "cbe_terms" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"year_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "cbe_terms_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_terms_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "cbe_terms_dates_check" CHECK ("cbe_terms"."ends_on" >= "cbe_terms"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "cbe_years" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "cbe_years_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cbe_years_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "cbe_years_dates_check" CHECK ("cbe_years"."ends_on" >= "cbe_years"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "cbe_assessments" ADD CONSTRAINT "cbe_assessments_assessed_by_users_id_fk" FOREIGN KEY ("assessed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_assessments" ADD CONSTRAINT "cbe_assessments_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_assessments" ADD CONSTRAINT "cbe_assessments_student_fk" FOREIGN KEY ("account_id","workspace_id","student_id") REFERENCES "public"."cbe_students"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_assessments" ADD CONSTRAINT "cbe_assessments_sub_strand_fk" FOREIGN KEY ("account_id","workspace_id","sub_strand_id") REFERENCES "public"."cbe_sub_strands"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_assessments" ADD CONSTRAINT "cbe_assessments_term_fk" FOREIGN KEY ("account_id","workspace_id","term_id") REFERENCES "public"."cbe_terms"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_attendance" ADD CONSTRAINT "cbe_attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_attendance" ADD CONSTRAINT "cbe_attendance_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_attendance" ADD CONSTRAINT "cbe_attendance_student_fk" FOREIGN KEY ("account_id","workspace_id","student_id") REFERENCES "public"."cbe_students"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_attendance" ADD CONSTRAINT "cbe_attendance_class_fk" FOREIGN KEY ("account_id","workspace_id","class_id") REFERENCES "public"."cbe_classes"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_classes" ADD CONSTRAINT "cbe_classes_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_classes" ADD CONSTRAINT "cbe_classes_grade_fk" FOREIGN KEY ("account_id","workspace_id","grade_id") REFERENCES "public"."cbe_grades"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_classes" ADD CONSTRAINT "cbe_classes_teacher_fk" FOREIGN KEY ("account_id","workspace_id","teacher_id") REFERENCES "public"."cbe_teachers"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_fee_structures" ADD CONSTRAINT "cbe_fee_structures_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_fee_structures" ADD CONSTRAINT "cbe_fee_structures_grade_fk" FOREIGN KEY ("account_id","workspace_id","grade_id") REFERENCES "public"."cbe_grades"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_fee_structures" ADD CONSTRAINT "cbe_fee_structures_term_fk" FOREIGN KEY ("account_id","workspace_id","term_id") REFERENCES "public"."cbe_terms"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_grades" ADD CONSTRAINT "cbe_grades_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_guardians" ADD CONSTRAINT "cbe_guardians_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_guardians" ADD CONSTRAINT "cbe_guardians_student_fk" FOREIGN KEY ("account_id","workspace_id","student_id") REFERENCES "public"."cbe_students"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_invoices" ADD CONSTRAINT "cbe_invoices_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_invoices" ADD CONSTRAINT "cbe_invoices_student_fk" FOREIGN KEY ("account_id","workspace_id","student_id") REFERENCES "public"."cbe_students"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_invoices" ADD CONSTRAINT "cbe_invoices_term_fk" FOREIGN KEY ("account_id","workspace_id","term_id") REFERENCES "public"."cbe_terms"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_learning_areas" ADD CONSTRAINT "cbe_learning_areas_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_learning_areas" ADD CONSTRAINT "cbe_learning_areas_grade_fk" FOREIGN KEY ("account_id","workspace_id","grade_id") REFERENCES "public"."cbe_grades"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_payments" ADD CONSTRAINT "cbe_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_payments" ADD CONSTRAINT "cbe_payments_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_payments" ADD CONSTRAINT "cbe_payments_invoice_fk" FOREIGN KEY ("account_id","workspace_id","invoice_id") REFERENCES "public"."cbe_invoices"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_payments" ADD CONSTRAINT "cbe_payments_student_fk" FOREIGN KEY ("account_id","workspace_id","student_id") REFERENCES "public"."cbe_students"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_remarks" ADD CONSTRAINT "cbe_remarks_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_remarks" ADD CONSTRAINT "cbe_remarks_student_fk" FOREIGN KEY ("account_id","workspace_id","student_id") REFERENCES "public"."cbe_students"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_remarks" ADD CONSTRAINT "cbe_remarks_term_fk" FOREIGN KEY ("account_id","workspace_id","term_id") REFERENCES "public"."cbe_terms"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_strands" ADD CONSTRAINT "cbe_strands_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_strands" ADD CONSTRAINT "cbe_strands_area_fk" FOREIGN KEY ("account_id","workspace_id","learning_area_id") REFERENCES "public"."cbe_learning_areas"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_students" ADD CONSTRAINT "cbe_students_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_students" ADD CONSTRAINT "cbe_students_class_fk" FOREIGN KEY ("account_id","workspace_id","class_id") REFERENCES "public"."cbe_classes"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_sub_strands" ADD CONSTRAINT "cbe_sub_strands_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_sub_strands" ADD CONSTRAINT "cbe_sub_strands_strand_fk" FOREIGN KEY ("account_id","workspace_id","strand_id") REFERENCES "public"."cbe_strands"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_teachers" ADD CONSTRAINT "cbe_teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_teachers" ADD CONSTRAINT "cbe_teachers_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_terms" ADD CONSTRAINT "cbe_terms_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_terms" ADD CONSTRAINT "cbe_terms_year_fk" FOREIGN KEY ("account_id","workspace_id","year_id") REFERENCES "public"."cbe_years"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbe_years" ADD CONSTRAINT "cbe_years_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_assessments_key" ON "cbe_assessments" USING btree ("account_id","student_id","sub_strand_id","term_id");--> statement-breakpoint
CREATE INDEX "cbe_assessments_term_idx" ON "cbe_assessments" USING btree ("account_id","workspace_id","term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_attendance_student_day_key" ON "cbe_attendance" USING btree ("account_id","student_id","day");--> statement-breakpoint
CREATE INDEX "cbe_attendance_class_day_idx" ON "cbe_attendance" USING btree ("account_id","workspace_id","class_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_classes_name_key" ON "cbe_classes" USING btree ("account_id","workspace_id","grade_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_fee_structures_key" ON "cbe_fee_structures" USING btree ("account_id","workspace_id","grade_id","term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_grades_name_key" ON "cbe_grades" USING btree ("account_id","workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cbe_guardians_student_idx" ON "cbe_guardians" USING btree ("account_id","student_id","position");--> statement-breakpoint
CREATE INDEX "cbe_guardians_email_idx" ON "cbe_guardians" USING btree ("account_id","workspace_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_invoices_student_term_key" ON "cbe_invoices" USING btree ("account_id","student_id","term_id");--> statement-breakpoint
CREATE INDEX "cbe_invoices_term_idx" ON "cbe_invoices" USING btree ("account_id","workspace_id","term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_learning_areas_name_key" ON "cbe_learning_areas" USING btree ("account_id","workspace_id","grade_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cbe_payments_student_idx" ON "cbe_payments" USING btree ("account_id","student_id","paid_on");--> statement-breakpoint
CREATE INDEX "cbe_payments_day_idx" ON "cbe_payments" USING btree ("account_id","workspace_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_remarks_key" ON "cbe_remarks" USING btree ("account_id","student_id","term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_strands_name_key" ON "cbe_strands" USING btree ("account_id","learning_area_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_students_admission_key" ON "cbe_students" USING btree ("account_id","workspace_id",lower("admission_no"));--> statement-breakpoint
CREATE INDEX "cbe_students_class_idx" ON "cbe_students" USING btree ("account_id","class_id","last_name","first_name");--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_sub_strands_name_key" ON "cbe_sub_strands" USING btree ("account_id","strand_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_teachers_user_key" ON "cbe_teachers" USING btree ("account_id","workspace_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_terms_name_key" ON "cbe_terms" USING btree ("account_id","year_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cbe_terms_dates_idx" ON "cbe_terms" USING btree ("account_id","workspace_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "cbe_years_name_key" ON "cbe_years" USING btree ("account_id","workspace_id",lower("name"));
--> statement-breakpoint
-- Hand-written (keep at the end when regenerating): row-level security for each table (decision 025).
select workhub_tenant_table('cbe_years');
--> statement-breakpoint
select workhub_tenant_table('cbe_terms');
--> statement-breakpoint
select workhub_tenant_table('cbe_grades');
--> statement-breakpoint
select workhub_tenant_table('cbe_teachers');
--> statement-breakpoint
select workhub_tenant_table('cbe_classes');
--> statement-breakpoint
select workhub_tenant_table('cbe_learning_areas');
--> statement-breakpoint
select workhub_tenant_table('cbe_strands');
--> statement-breakpoint
select workhub_tenant_table('cbe_sub_strands');
--> statement-breakpoint
select workhub_tenant_table('cbe_students');
--> statement-breakpoint
select workhub_tenant_table('cbe_guardians');
--> statement-breakpoint
select workhub_tenant_table('cbe_attendance');
--> statement-breakpoint
select workhub_tenant_table('cbe_assessments');
--> statement-breakpoint
select workhub_tenant_table('cbe_remarks');
--> statement-breakpoint
select workhub_tenant_table('cbe_fee_structures');
--> statement-breakpoint
select workhub_tenant_table('cbe_invoices');
--> statement-breakpoint
select workhub_tenant_table('cbe_payments');
