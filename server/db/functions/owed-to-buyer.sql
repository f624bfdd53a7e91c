-- What the store owes a buyer on account: on each of their orders on account (not cancelled or
-- rejected), what was paid (net of payouts) and credited beyond its total, summed. Only an order
-- with a credit note can be overpaid (a payment never passes what is left), so the orders are
-- found from the credit notes. A company's (p_company) or, for a customer without one, their own
-- orders placed outside any company (p_user), as toolyard_owed_on_account chooses them. The
-- admins' terms list and a buyer's own terms read it (server/modules/terms/terms.repo.ts).
CREATE OR REPLACE FUNCTION toolyard_owed_to_buyer(p_company uuid, p_user text) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(greatest(
      coalesce((SELECT sum(p.amount) FROM invoice_payments p WHERE p.order_id = o.id), 0)
      + coalesce((SELECT sum(r.amount) FROM order_refunds r WHERE r.order_id = o.id
          AND r.status = 'succeeded' AND r.credit_note_number IS NOT NULL), 0)
      - o.total_amount, 0)), 0)::bigint
  FROM orders o
  WHERE o.id IN (SELECT c.order_id FROM order_refunds c
      WHERE c.status = 'succeeded' AND c.credit_note_number IS NOT NULL)
    AND o.payment_method = 'account' AND o.status NOT IN ('cancelled', 'rejected')
    -- An OR of the two, not a CASE, so that each is read through its index (bench/README.md).
    AND (o.company_id = p_company
      OR (p_company IS NULL AND o.company_id IS NULL AND o.user_id = p_user))
$$;
