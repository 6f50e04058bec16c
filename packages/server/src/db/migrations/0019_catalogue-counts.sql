CREATE TABLE "product_counts" (
	"category_id" integer NOT NULL,
	"in_stock" boolean NOT NULL,
	"special" boolean NOT NULL,
	"icon" text NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "product_counts_category_id_in_stock_special_icon_pk" PRIMARY KEY("category_id","in_stock","special","icon")
);
--> statement-breakpoint
CREATE INDEX "products_by_price_idx" ON "products" USING btree ("category_id","cena","id","stock","cena_st","icons") WHERE "products"."visible";--> statement-breakpoint
CREATE INDEX "products_by_date_idx" ON "products" USING btree ("category_id","created_at","id","stock","cena_st","icons") WHERE "products"."visible";--> statement-breakpoint
CREATE INDEX "products_by_name_idx" ON "products" USING btree ("category_id","name","volume_ml","stock","cena_st","icons") WHERE "products"."visible";--> statement-breakpoint
CREATE INDEX "products_related_idx" ON "products" USING btree ("category_id","popularity" DESC NULLS FIRST,"family_key","volume_ml") WHERE "products"."visible" and "products"."stock" > 0;
--> statement-breakpoint
-- product_counts follows every change of products (decision 015): statement triggers with transition tables add up
-- each statement's changes per counted row and touch only the rows whose count moved, in key order (two writers
-- always lock counters in the same order). An order that leaves a bottle in stock changes no counter.
CREATE FUNCTION "product_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts AS c (category_id, in_stock, special, icon, products)
    SELECT category_id, in_stock, special, icon, sum(delta)::int FROM (
      SELECT n.category_id, n.stock > 0 AS in_stock, n.cena_st > 0 AS special, icon, 1 AS delta
      FROM new_rows n, unnest(array[''] || n.icons) AS icon WHERE n.visible
    ) AS changes
    GROUP BY category_id, in_stock, special, icon HAVING sum(delta) <> 0
    ORDER BY category_id, in_stock, special, icon
    ON CONFLICT (category_id, in_stock, special, icon) DO UPDATE SET products = c.products + excluded.products;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO product_counts AS c (category_id, in_stock, special, icon, products)
    SELECT category_id, in_stock, special, icon, sum(delta)::int FROM (
      SELECT n.category_id, n.stock > 0 AS in_stock, n.cena_st > 0 AS special, icon, 1 AS delta
      FROM new_rows n, unnest(array[''] || n.icons) AS icon WHERE n.visible
      UNION ALL
      SELECT o.category_id, o.stock > 0, o.cena_st > 0, icon, -1
      FROM old_rows o, unnest(array[''] || o.icons) AS icon WHERE o.visible
    ) AS changes
    GROUP BY category_id, in_stock, special, icon HAVING sum(delta) <> 0
    ORDER BY category_id, in_stock, special, icon
    ON CONFLICT (category_id, in_stock, special, icon) DO UPDATE SET products = c.products + excluded.products;
  ELSE
    INSERT INTO product_counts AS c (category_id, in_stock, special, icon, products)
    SELECT category_id, in_stock, special, icon, sum(delta)::int FROM (
      SELECT o.category_id, o.stock > 0 AS in_stock, o.cena_st > 0 AS special, icon, -1 AS delta
      FROM old_rows o, unnest(array[''] || o.icons) AS icon WHERE o.visible
    ) AS changes
    GROUP BY category_id, in_stock, special, icon HAVING sum(delta) <> 0
    ORDER BY category_id, in_stock, special, icon
    ON CONFLICT (category_id, in_stock, special, icon) DO UPDATE SET products = c.products + excluded.products;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_counts_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "product_counts_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "product_counts_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_follow"();
--> statement-breakpoint
CREATE FUNCTION "product_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_counts_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_clear"();
--> statement-breakpoint
INSERT INTO product_counts (category_id, in_stock, special, icon, products)
SELECT category_id, stock > 0, cena_st > 0, icon, count(*)::int
FROM products, unnest(array[''] || icons) AS icon WHERE visible
GROUP BY 1, 2, 3, 4;
