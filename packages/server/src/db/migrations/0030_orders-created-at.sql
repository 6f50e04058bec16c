-- «Сводка» (GET /api/v1/admin/dashboard) and the «orders in the last hour» gauge read the orders of a period by
-- their time: without this index each of them scanned every order ever placed (decision 030).
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");
