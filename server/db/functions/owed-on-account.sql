-- What a buyer on account owes (decision 056): the totals of their orders on account that are not
-- settled, cancelled or rejected (awaiting approval counts: it was judged against the credit limit
-- when placed, and counts once, as its own row), less the payments received for them and less
-- their credit notes (refunds that succeeded and issued one, decision 063); an order paid and
-- credited beyond its total owes nothing, never less. A company's (p_company) or, for a customer
-- without one, their own orders placed outside any company (p_user). Placing an order reads it
-- under the company's or the customer's lock (order-context.sql); the admins' and buyers' pages
-- read it as it stands.
CREATE OR REPLACE FUNCTION toolyard_owed_on_account(p_company uuid, p_user text) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(greatest(o.total_amount
      - coalesce((SELECT sum(p.amount) FROM invoice_payments p WHERE p.order_id = o.id), 0)
      - coalesce((SELECT sum(r.amount) FROM order_refunds r WHERE r.order_id = o.id
          AND r.status = 'succeeded' AND r.credit_note_number IS NOT NULL), 0), 0)), 0)::bigint
  FROM orders o
  WHERE o.payment_method = 'account' AND o.settled_at IS NULL
    AND o.status NOT IN ('cancelled', 'rejected')
    -- An OR of the two, not a CASE: each is read from the partial index of open invoices on
    -- account (orders_open_account_idx) rather than the whole of it (bench/README.md).
    AND (o.company_id = p_company
      OR (p_company IS NULL AND o.company_id IS NULL AND o.user_id = p_user))
$$;
