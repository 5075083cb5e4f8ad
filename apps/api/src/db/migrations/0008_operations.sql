CREATE TABLE "mrp_proposals" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric NOT NULL,
	"need_date" date NOT NULL,
	"release_date" date NOT NULL,
	"past_due" boolean NOT NULL,
	"pegging" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	CONSTRAINT "mrp_proposals_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "mrp_proposals_run_seq_key" UNIQUE("account_id","run_id","seq"),
	CONSTRAINT "mrp_proposals_kind_check" CHECK ("mrp_proposals"."kind" in ('purchase', 'work')),
	CONSTRAINT "mrp_proposals_status_check" CHECK ("mrp_proposals"."status" in ('open', 'confirmed')),
	CONSTRAINT "mrp_proposals_quantity_check" CHECK ("mrp_proposals"."quantity" > 0),
	CONSTRAINT "mrp_proposals_confirmed_check" CHECK (("mrp_proposals"."status" = 'confirmed') = ("mrp_proposals"."confirmed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "mrp_runs" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"today" date NOT NULL,
	"horizon_days" integer NOT NULL,
	"horizon_end" date NOT NULL,
	"summary" jsonb NOT NULL,
	"exceptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mrp_runs_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "mrp_runs_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "mrp_runs_horizon_check" CHECK ("mrp_runs"."horizon_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "bom_lines" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"product_need_id" uuid NOT NULL,
	"product_needed_id" uuid NOT NULL,
	"bom_qty" numeric(14, 4) NOT NULL,
	"lead_time" integer DEFAULT 0 NOT NULL,
	"lead_time_unit" text DEFAULT 'days' NOT NULL,
	"cost_per_unit" numeric(14, 4),
	"notes" text,
	"attachment_name" text,
	"attachment_type" text,
	"attachment_size" integer,
	"attachment_key" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bom_lines_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "bom_lines_parent_component_key" UNIQUE("account_id","product_need_id","product_needed_id"),
	CONSTRAINT "bom_lines_not_itself_check" CHECK ("bom_lines"."product_need_id" <> "bom_lines"."product_needed_id"),
	CONSTRAINT "bom_lines_qty_check" CHECK ("bom_lines"."bom_qty" > 0),
	CONSTRAINT "bom_lines_lead_time_check" CHECK ("bom_lines"."lead_time" >= 0),
	CONSTRAINT "bom_lines_lead_time_unit_check" CHECK ("bom_lines"."lead_time_unit" in ('days', 'weeks')),
	CONSTRAINT "bom_lines_cost_check" CHECK ("bom_lines"."cost_per_unit" >= 0),
	CONSTRAINT "bom_lines_status_check" CHECK ("bom_lines"."status" in ('active', 'inactive')),
	CONSTRAINT "bom_lines_attachment_check" CHECK (("bom_lines"."attachment_key" is null and "bom_lines"."attachment_name" is null and "bom_lines"."attachment_type" is null and "bom_lines"."attachment_size" is null)
        or ("bom_lines"."attachment_key" is not null and "bom_lines"."attachment_name" is not null and "bom_lines"."attachment_type" is not null and "bom_lines"."attachment_size" between 0 and 5242880))
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogs_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "catalogs_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "catalogs_status_check" CHECK ("catalogs"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "order_number_sequences" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sequence" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "order_number_sequences_pkey" PRIMARY KEY("account_id","workspace_id","sequence"),
	CONSTRAINT "order_number_sequences_sequence_check" CHECK ("order_number_sequences"."sequence" in ('purchase_order', 'customer_order', 'work_order')),
	CONSTRAINT "order_number_sequences_last_value_check" CHECK ("order_number_sequences"."last_value" >= 1)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"product_group" text,
	"catalog_id" uuid,
	"price" numeric(14, 4) DEFAULT '0' NOT NULL,
	"color" text,
	"product_qty" numeric(14, 4) DEFAULT '0' NOT NULL,
	"uom_id" uuid,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"procurement_type" text DEFAULT 'buy' NOT NULL,
	"lead_time" integer DEFAULT 0 NOT NULL,
	"lead_time_unit" text DEFAULT 'days' NOT NULL,
	"safety_stock" numeric(14, 4) DEFAULT '0' NOT NULL,
	"min_order_qty" numeric(14, 4) DEFAULT '0' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "products_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('active', 'inactive')),
	CONSTRAINT "products_procurement_type_check" CHECK ("products"."procurement_type" in ('make', 'buy')),
	CONSTRAINT "products_lead_time_unit_check" CHECK ("products"."lead_time_unit" in ('days', 'weeks')),
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_qty_check" CHECK ("products"."product_qty" >= 0),
	CONSTRAINT "products_lead_time_check" CHECK ("products"."lead_time" >= 0),
	CONSTRAINT "products_safety_stock_check" CHECK ("products"."safety_stock" >= 0),
	CONSTRAINT "products_min_order_qty_check" CHECK ("products"."min_order_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "uoms" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uoms_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "uoms_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "uoms_status_check" CHECK ("uoms"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "customer_order_lines" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_price" numeric(14, 4) DEFAULT '0' NOT NULL,
	"due_date" date NOT NULL,
	"shipped_qty" numeric(14, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "customer_order_lines_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "customer_order_lines_order_position_key" UNIQUE("account_id","order_id","position"),
	CONSTRAINT "customer_order_lines_position_check" CHECK ("customer_order_lines"."position" >= 1),
	CONSTRAINT "customer_order_lines_quantity_check" CHECK ("customer_order_lines"."quantity" > 0),
	CONSTRAINT "customer_order_lines_price_check" CHECK ("customer_order_lines"."unit_price" >= 0),
	CONSTRAINT "customer_order_lines_shipped_check" CHECK ("customer_order_lines"."shipped_qty" >= 0 and "customer_order_lines"."shipped_qty" <= "customer_order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "customer_orders" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"order_date" date NOT NULL,
	"due_date" date NOT NULL,
	"notes" text,
	"confirmed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"shipped_at" timestamp with time zone,
	CONSTRAINT "customer_orders_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "customer_orders_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "customer_orders_workspace_number_key" UNIQUE("account_id","workspace_id","number"),
	CONSTRAINT "customer_orders_status_check" CHECK ("customer_orders"."status" in ('draft', 'confirmed', 'shipped', 'closed', 'cancelled')),
	CONSTRAINT "customer_orders_number_check" CHECK ("customer_orders"."number" >= 1),
	CONSTRAINT "customer_orders_dates_check" CHECK ("customer_orders"."due_date" >= "customer_orders"."order_date"),
	CONSTRAINT "customer_orders_confirmed_check" CHECK ("customer_orders"."status" in ('draft', 'cancelled') or "customer_orders"."confirmed_at" is not null),
	CONSTRAINT "customer_orders_cancelled_check" CHECK (("customer_orders"."status" = 'cancelled') = ("customer_orders"."cancelled_at" is not null)),
	CONSTRAINT "customer_orders_closed_check" CHECK (("customer_orders"."status" = 'closed') = ("customer_orders"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_price" numeric(14, 4) DEFAULT '0' NOT NULL,
	"due_date" date NOT NULL,
	"received_qty" numeric(14, 4) DEFAULT '0' NOT NULL,
	"mrp_proposal_id" uuid,
	CONSTRAINT "purchase_order_lines_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "purchase_order_lines_order_position_key" UNIQUE("account_id","order_id","position"),
	CONSTRAINT "purchase_order_lines_position_check" CHECK ("purchase_order_lines"."position" >= 1),
	CONSTRAINT "purchase_order_lines_quantity_check" CHECK ("purchase_order_lines"."quantity" > 0),
	CONSTRAINT "purchase_order_lines_price_check" CHECK ("purchase_order_lines"."unit_price" >= 0),
	CONSTRAINT "purchase_order_lines_received_check" CHECK ("purchase_order_lines"."received_qty" >= 0 and "purchase_order_lines"."received_qty" <= "purchase_order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"order_date" date NOT NULL,
	"due_date" date NOT NULL,
	"notes" text,
	"confirmed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"supplier_name" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"received_at" timestamp with time zone,
	CONSTRAINT "purchase_orders_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "purchase_orders_workspace_id_key" UNIQUE("account_id","workspace_id","id"),
	CONSTRAINT "purchase_orders_workspace_number_key" UNIQUE("account_id","workspace_id","number"),
	CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" in ('draft', 'confirmed', 'received', 'closed', 'cancelled')),
	CONSTRAINT "purchase_orders_number_check" CHECK ("purchase_orders"."number" >= 1),
	CONSTRAINT "purchase_orders_dates_check" CHECK ("purchase_orders"."due_date" >= "purchase_orders"."order_date"),
	CONSTRAINT "purchase_orders_confirmed_check" CHECK ("purchase_orders"."status" in ('draft', 'cancelled') or "purchase_orders"."confirmed_at" is not null),
	CONSTRAINT "purchase_orders_cancelled_check" CHECK (("purchase_orders"."status" = 'cancelled') = ("purchase_orders"."cancelled_at" is not null)),
	CONSTRAINT "purchase_orders_closed_check" CHECK (("purchase_orders"."status" = 'closed') = ("purchase_orders"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "stock_moves" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"qty_delta" numeric(14, 4) NOT NULL,
	"on_hand_after" numeric(14, 4) NOT NULL,
	"purchase_order_line_id" uuid,
	"customer_order_line_id" uuid,
	"work_order_id" uuid,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_moves_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "stock_moves_kind_check" CHECK ("stock_moves"."kind" in ('receipt', 'shipment', 'production_in', 'production_out', 'adjustment')),
	CONSTRAINT "stock_moves_on_hand_check" CHECK ("stock_moves"."on_hand_after" >= 0),
	CONSTRAINT "stock_moves_reference_check" CHECK (case "stock_moves"."kind"
        when 'receipt' then "stock_moves"."qty_delta" > 0 and "stock_moves"."purchase_order_line_id" is not null
          and "stock_moves"."customer_order_line_id" is null and "stock_moves"."work_order_id" is null
        when 'shipment' then "stock_moves"."qty_delta" < 0 and "stock_moves"."customer_order_line_id" is not null
          and "stock_moves"."purchase_order_line_id" is null and "stock_moves"."work_order_id" is null
        when 'production_in' then "stock_moves"."qty_delta" > 0 and "stock_moves"."work_order_id" is not null
          and "stock_moves"."purchase_order_line_id" is null and "stock_moves"."customer_order_line_id" is null
        when 'production_out' then "stock_moves"."qty_delta" < 0 and "stock_moves"."work_order_id" is not null
          and "stock_moves"."purchase_order_line_id" is null and "stock_moves"."customer_order_line_id" is null
        else "stock_moves"."reason" is not null and "stock_moves"."purchase_order_line_id" is null
          and "stock_moves"."customer_order_line_id" is null and "stock_moves"."work_order_id" is null
      end)
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"need_date" date NOT NULL,
	"release_date" date NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"mrp_run_id" uuid,
	"mrp_proposal_id" uuid,
	"notes" text,
	"released_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "work_orders_workspace_number_key" UNIQUE("account_id","workspace_id","number"),
	CONSTRAINT "work_orders_status_check" CHECK ("work_orders"."status" in ('planned', 'released', 'completed', 'cancelled')),
	CONSTRAINT "work_orders_number_check" CHECK ("work_orders"."number" >= 1),
	CONSTRAINT "work_orders_quantity_check" CHECK ("work_orders"."quantity" > 0),
	CONSTRAINT "work_orders_dates_check" CHECK ("work_orders"."release_date" <= "work_orders"."need_date"),
	CONSTRAINT "work_orders_released_check" CHECK ("work_orders"."status" not in ('released', 'completed') or "work_orders"."released_at" is not null),
	CONSTRAINT "work_orders_completed_check" CHECK (("work_orders"."status" = 'completed') = ("work_orders"."completed_at" is not null)),
	CONSTRAINT "work_orders_cancelled_check" CHECK (("work_orders"."status" = 'cancelled') = ("work_orders"."cancelled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "mrp_proposals" ADD CONSTRAINT "mrp_proposals_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrp_proposals" ADD CONSTRAINT "mrp_proposals_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrp_proposals" ADD CONSTRAINT "mrp_proposals_run_fk" FOREIGN KEY ("account_id","workspace_id","run_id") REFERENCES "public"."mrp_runs"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrp_proposals" ADD CONSTRAINT "mrp_proposals_product_fk" FOREIGN KEY ("account_id","workspace_id","product_id") REFERENCES "public"."products"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrp_runs" ADD CONSTRAINT "mrp_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrp_runs" ADD CONSTRAINT "mrp_runs_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_product_need_fk" FOREIGN KEY ("account_id","workspace_id","product_need_id") REFERENCES "public"."products"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_product_needed_fk" FOREIGN KEY ("account_id","workspace_id","product_needed_id") REFERENCES "public"."products"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_number_sequences" ADD CONSTRAINT "order_number_sequences_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_catalog_fk" FOREIGN KEY ("account_id","workspace_id","catalog_id") REFERENCES "public"."catalogs"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_uom_fk" FOREIGN KEY ("account_id","workspace_id","uom_id") REFERENCES "public"."uoms"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uoms" ADD CONSTRAINT "uoms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uoms" ADD CONSTRAINT "uoms_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_order_fk" FOREIGN KEY ("account_id","workspace_id","order_id") REFERENCES "public"."customer_orders"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_product_fk" FOREIGN KEY ("account_id","workspace_id","product_id") REFERENCES "public"."products"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_fk" FOREIGN KEY ("account_id","workspace_id","order_id") REFERENCES "public"."purchase_orders"("account_id","workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_product_fk" FOREIGN KEY ("account_id","workspace_id","product_id") REFERENCES "public"."products"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_proposal_fk" FOREIGN KEY ("account_id","mrp_proposal_id") REFERENCES "public"."mrp_proposals"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_product_fk" FOREIGN KEY ("account_id","workspace_id","product_id") REFERENCES "public"."products"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_purchase_order_line_fk" FOREIGN KEY ("account_id","purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_customer_order_line_fk" FOREIGN KEY ("account_id","customer_order_line_id") REFERENCES "public"."customer_order_lines"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_work_order_fk" FOREIGN KEY ("account_id","work_order_id") REFERENCES "public"."work_orders"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_workspace_fk" FOREIGN KEY ("account_id","workspace_id") REFERENCES "public"."workspaces"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_product_fk" FOREIGN KEY ("account_id","workspace_id","product_id") REFERENCES "public"."products"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_run_fk" FOREIGN KEY ("account_id","workspace_id","mrp_run_id") REFERENCES "public"."mrp_runs"("account_id","workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_proposal_fk" FOREIGN KEY ("account_id","mrp_proposal_id") REFERENCES "public"."mrp_proposals"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mrp_proposals_run_product_idx" ON "mrp_proposals" USING btree ("account_id","run_id","product_id","seq");--> statement-breakpoint
CREATE INDEX "mrp_proposals_run_kind_idx" ON "mrp_proposals" USING btree ("account_id","run_id","kind","past_due","seq");--> statement-breakpoint
CREATE INDEX "mrp_runs_workspace_created_idx" ON "mrp_runs" USING btree ("account_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bom_lines_component_idx" ON "bom_lines" USING btree ("account_id","product_needed_id");--> statement-breakpoint
CREATE INDEX "bom_lines_parent_created_idx" ON "bom_lines" USING btree ("account_id","product_need_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogs_workspace_name_key" ON "catalogs" USING btree ("account_id","workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "catalogs_workspace_status_name_idx" ON "catalogs" USING btree ("account_id","workspace_id","status",lower("name"));--> statement-breakpoint
CREATE INDEX "catalogs_workspace_created_idx" ON "catalogs" USING btree ("account_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_workspace_name_key" ON "products" USING btree ("account_id","workspace_id",lower("product_name"));--> statement-breakpoint
CREATE INDEX "products_workspace_status_name_idx" ON "products" USING btree ("account_id","workspace_id","status",lower("product_name"));--> statement-breakpoint
CREATE INDEX "products_catalog_name_idx" ON "products" USING btree ("account_id","catalog_id",lower("product_name"));--> statement-breakpoint
CREATE INDEX "products_workspace_type_name_idx" ON "products" USING btree ("account_id","workspace_id","procurement_type",lower("product_name"));--> statement-breakpoint
CREATE INDEX "products_workspace_group_name_idx" ON "products" USING btree ("account_id","workspace_id","product_group",lower("product_name"));--> statement-breakpoint
CREATE INDEX "products_workspace_created_idx" ON "products" USING btree ("account_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_workspace_qty_idx" ON "products" USING btree ("account_id","workspace_id","product_qty","id");--> statement-breakpoint
CREATE INDEX "products_workspace_price_idx" ON "products" USING btree ("account_id","workspace_id","price","id");--> statement-breakpoint
CREATE INDEX "products_uom_idx" ON "products" USING btree ("account_id","uom_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uoms_workspace_name_key" ON "uoms" USING btree ("account_id","workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "uoms_workspace_status_name_idx" ON "uoms" USING btree ("account_id","workspace_id","status",lower("name"));--> statement-breakpoint
CREATE INDEX "uoms_workspace_created_idx" ON "uoms" USING btree ("account_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_order_lines_product_idx" ON "customer_order_lines" USING btree ("account_id","product_id","due_date");--> statement-breakpoint
CREATE INDEX "customer_orders_workspace_status_due_idx" ON "customer_orders" USING btree ("account_id","workspace_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "customer_orders_workspace_due_idx" ON "customer_orders" USING btree ("account_id","workspace_id","due_date","id");--> statement-breakpoint
CREATE INDEX "customer_orders_workspace_order_date_idx" ON "customer_orders" USING btree ("account_id","workspace_id","order_date","id");--> statement-breakpoint
CREATE INDEX "customer_orders_workspace_created_idx" ON "customer_orders" USING btree ("account_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_product_idx" ON "purchase_order_lines" USING btree ("account_id","product_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_proposal_key" ON "purchase_order_lines" USING btree ("account_id","mrp_proposal_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_workspace_status_due_idx" ON "purchase_orders" USING btree ("account_id","workspace_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_workspace_due_idx" ON "purchase_orders" USING btree ("account_id","workspace_id","due_date","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_workspace_order_date_idx" ON "purchase_orders" USING btree ("account_id","workspace_id","order_date","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_workspace_created_idx" ON "purchase_orders" USING btree ("account_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_moves_workspace_product_created_idx" ON "stock_moves" USING btree ("account_id","workspace_id","product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_moves_workspace_created_idx" ON "stock_moves" USING btree ("account_id","workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_moves_workspace_kind_created_idx" ON "stock_moves" USING btree ("account_id","workspace_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_moves_purchase_order_line_idx" ON "stock_moves" USING btree ("account_id","purchase_order_line_id");--> statement-breakpoint
CREATE INDEX "stock_moves_customer_order_line_idx" ON "stock_moves" USING btree ("account_id","customer_order_line_id");--> statement-breakpoint
CREATE INDEX "stock_moves_work_order_idx" ON "stock_moves" USING btree ("account_id","work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_proposal_key" ON "work_orders" USING btree ("account_id","mrp_proposal_id");--> statement-breakpoint
CREATE INDEX "work_orders_workspace_status_need_idx" ON "work_orders" USING btree ("account_id","workspace_id","status","need_date","id");--> statement-breakpoint
CREATE INDEX "work_orders_workspace_need_idx" ON "work_orders" USING btree ("account_id","workspace_id","need_date","id");--> statement-breakpoint
CREATE INDEX "work_orders_workspace_product_need_idx" ON "work_orders" USING btree ("account_id","workspace_id","product_id","need_date","id");--> statement-breakpoint
CREATE INDEX "work_orders_workspace_release_idx" ON "work_orders" USING btree ("account_id","workspace_id","release_date","id");--> statement-breakpoint
CREATE INDEX "work_orders_workspace_created_idx" ON "work_orders" USING btree ("account_id","workspace_id","created_at","id");