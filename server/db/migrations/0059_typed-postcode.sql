-- The postcode a typed address was sent with (a region's tax rate goes by it, decision 072), so
-- "Buy again" offers it again. Null for the book's addresses (the order's copy holds theirs) and
-- for orders placed before. Nullable, no default: the column is added without rewriting the table.
ALTER TABLE "orders" ADD COLUMN "delivery_postcode" text;
