-- Lists whose default order no index gave (docs/performance.md, "The template modules' lists in
-- their order"): a page sorted every matching row, or walked an index past rows a filter dropped.
-- - CBE students by lower(last name), lower(first name): every student of the school sorted.
-- - CBE invoices newest issue day first: every invoice the school ever issued sorted; now the
--   latest days' only (a day's invoices are then sorted by the student's name).
-- - customer and purchase orders filtered by status in the number order: walked the number key
--   past the orders of other statuses.
CREATE INDEX "cbe_invoices_issued_idx" ON "cbe_invoices" USING btree ("account_id","workspace_id","issued_on");--> statement-breakpoint
CREATE INDEX "cbe_students_name_idx" ON "cbe_students" USING btree ("account_id","workspace_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "customer_orders_workspace_status_number_idx" ON "customer_orders" USING btree ("account_id","workspace_id","status","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_workspace_status_number_idx" ON "purchase_orders" USING btree ("account_id","workspace_id","status","number");