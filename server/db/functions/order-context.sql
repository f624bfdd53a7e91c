-- What placing an order is judged on, read in one call: the opening round trip of a placement
-- (server/modules/orders/placement.repo.ts). A function, so that its statements are planned once
-- per connection rather than on every order, and each reads a fresh snapshot (READ COMMITTED,
-- VOLATILE): what follows the customer's lock sees every order committed before it, which keeps
-- the caps on unpaid orders exact under races.
--
-- The customer's row is locked FOR NO KEY UPDATE, not FOR UPDATE: it still queues the customer's
-- other placements, but not the rows that only refer to the customer (a foreign key check takes
-- KEY SHARE): a cancel of their earlier order that holds a tool this placement waits for, and then
-- writes its audit entry, would otherwise wait for this lock in turn (a deadlock). The listed tools
-- among those asked for are locked in the order of their ids: two orders over the same tools take
-- their locks in the same order, so they wait for each other and never deadlock.
--
-- A member of a company (decision 052) also locks the company's row, after their own and before
-- the tools: every placement of the company's members queues there, so the month's spend read
-- after it counts every order committed before, and racing orders cannot pass a limit together.
-- The company's details, not the profile's, go onto the order. People without a company take no
-- such lock. Orders awaiting approval hold stock and count in the caps as unpaid ones do.
--
-- The month's spend is summed per currency: the limits are in the store's currency, and only
-- orders in it count against them (placement picks its own).
--
-- Payment terms (decision 056): the company's for a member, the customer's own otherwise, with
-- what the buyer owes on account now, read after the company's (or the customer's) lock, so two
-- racing orders on account cannot pass the credit limit together.
--
-- Tax (decision 064): whether the buyer orders tax-exempt, the company's exemption for a member
-- and the customer's own otherwise, as for payment terms; and the VAT number an admin verified for
-- the company (the reverse charge needs the company's number to be that one).
CREATE OR REPLACE FUNCTION toolyard_order_context(p_user text, p_key text, p_tools uuid[]) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_company json;
  v_member company_members%ROWTYPE;
  v_locked uuid;
  v_membership json;
  v_verified_vat text;
  v_month timestamptz := date_trunc('month', now(), 'UTC');
  v_tools json;
BEGIN
  SELECT json_build_object(
      'companyName', company_name, 'vatNumber', vat_number, 'billingAddress', billing_address)
    INTO v_company
    FROM "user" WHERE id = p_user FOR NO KEY UPDATE;
  SELECT * INTO v_member FROM company_members WHERE user_id = p_user;
  -- The lock first, on its own: the sums below then read a snapshot taken after it, which sees
  -- every order of the company committed before (a statement that waits for a lock keeps the
  -- snapshot it began with). The member's row is read again after it: a change of their role or
  -- limits, or their removal, commits under the same lock (companies.service.ts), so one that
  -- committed while this placement waited counts. Someone removed meanwhile orders as themselves;
  -- someone who meanwhile joined another company waits for that one's lock in turn.
  WHILE v_member.company_id IS NOT NULL LOOP
    v_locked := v_member.company_id;
    PERFORM 1 FROM companies WHERE id = v_locked FOR NO KEY UPDATE;
    SELECT * INTO v_member FROM company_members WHERE user_id = p_user;
    EXIT WHEN v_member.company_id IS NULL OR v_member.company_id = v_locked;
  END LOOP;
  IF v_member.company_id IS NOT NULL THEN
    SELECT
        json_build_object(
          'companyName', c.name, 'vatNumber', c.vat_number, 'billingAddress', c.billing_address),
        c.verified_vat_number,
        json_build_object(
          'companyId', c.id, 'role', v_member.role, 'orderLimit', v_member.order_limit,
          'monthlyLimit', v_member.monthly_limit, 'companyBudget', c.monthly_limit,
          'spentByBuyer', (
            SELECT coalesce(json_object_agg(currency, spent), '{}') FROM (
              SELECT currency, sum(total_amount) AS spent FROM orders
              WHERE company_id = c.id AND user_id = p_user AND created_at >= v_month
                AND status NOT IN ('cancelled', 'rejected')
              GROUP BY currency) s),
          'spentByCompany', (
            SELECT coalesce(json_object_agg(currency, spent), '{}') FROM (
              SELECT currency, sum(total_amount) AS spent FROM orders
              WHERE company_id = c.id AND created_at >= v_month
                AND status NOT IN ('cancelled', 'rejected')
              GROUP BY currency) s),
          'approvers', (
            SELECT coalesce(json_agg(json_build_object('name', u.name, 'email', u.email)
                ORDER BY u.email), '[]')
            FROM company_members m JOIN "user" u ON u.id = m.user_id
            WHERE m.company_id = c.id AND m.role IN ('owner', 'approver') AND m.user_id <> p_user))
      INTO v_company, v_verified_vat, v_membership
      FROM companies c WHERE c.id = v_member.company_id;
  END IF;
  -- Locked and read in one statement: each row as it is once locked.
  SELECT coalesce(json_agg(json_build_object(
      'id', id, 'sku', sku, 'name', name, 'price', price, 'priceTiers', price_tiers,
      'quantity', quantity, 'minimumOrder', minimum_order,
      'orderIncrement', order_increment, 'maxPerOrder', max_per_order,
      'weightGrams', weight_grams)), '[]')
    INTO v_tools
    FROM (
      SELECT * FROM tools WHERE id = ANY (p_tools) AND deleted_at IS NULL ORDER BY id FOR UPDATE
    ) t;
  RETURN json_build_object(
    'now', now(),
    'number', nextval('order_number_seq'),
    'company', v_company,
    'membership', v_membership,
    'terms', (
      SELECT json_build_object(
          'netDays', t.net_days, 'creditLimit', t.credit_limit,
          'owed', toolyard_owed_on_account(t.company_id, t.user_id))
      FROM payment_terms t
      WHERE CASE WHEN v_member.company_id IS NOT NULL THEN t.company_id = v_member.company_id
        ELSE t.user_id = p_user END),
    'verifiedVatNumber', v_verified_vat,
    'taxExempt', EXISTS (
      SELECT 1 FROM tax_exemptions e
      WHERE CASE WHEN v_member.company_id IS NOT NULL THEN e.company_id = v_member.company_id
        ELSE e.user_id = p_user END),
    -- From orders_user_holding_idx (migration 0056): the entries alone, not the orders.
    'unpaidOrders', (
      SELECT count(*) FROM orders
      WHERE user_id = p_user AND status IN ('unpaid', 'awaiting_approval')),
    'earlierId', CASE WHEN p_key IS NULL THEN NULL
      ELSE (SELECT id FROM orders WHERE user_id = p_user AND idempotency_key = p_key) END,
    'held', (
      SELECT coalesce(json_object_agg(tool_id, units), '{}')
      FROM (
        SELECT tool_id, sum(quantity)::int AS units
        FROM order_lines
        WHERE user_id = p_user AND is_unpaid AND tool_id = ANY (p_tools)
        GROUP BY tool_id
      ) h),
    'tools', v_tools
  );
END
$$;
