import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { buildTestApp, type TestContext } from '../testing/test-app.ts';
import { renderMail } from './templates.ts';

/**
 * An email's bodies are kept aside (TOAST) as it is queued (migration 0058, decision 074): the
 * mailer's lease and sent mark then copy a row of about 150 bytes, not 1.7 KB.
 */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Values the mail queue holds aside, in its TOAST table. */
async function valuesAside(): Promise<number> {
  const { rows } = await t.db.execute<{ toast: string }>(
    sql`select reltoastrelid::regclass::text as toast from pg_class where relname = 'mail_outbox'`,
  );
  const counted = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.raw(rows[0]?.toast ?? 'missing')}`,
  );
  return counted.rows[0]?.n ?? 0;
}

describe('a queued email', () => {
  it('keeps its text and HTML out of the row the mailer updates, and is sent whole', async () => {
    await t.app.mailer.drain();
    // An order's confirmation in size: about 2.2 KB, compressed to some 1.5 KB, which PostgreSQL
    // would otherwise keep in the row.
    const mail = renderMail({
      storeName: 'Toolyard',
      subject: 'Your order T-100042 is placed',
      greeting: 'Hello Ada,',
      paragraphs: [
        'Thank you for your order T-100042, placed on 28 November 2026 at 20:14.',
        '1 x Cordless drill 18 V (TOOL-00042): €129.00. Total €129.00, of which VAT €24.12.',
        'Pay within 30 minutes, or the order is cancelled and the tools go back on the shelf.',
        'Delivery: standard shipping to 12 Harbour Road, Dublin D02 XY45, Ireland.',
      ],
      action: { label: 'See your order', url: 'https://shop.example/orders/0b9d1c6e-42' },
      footnote: 'You receive this email because you placed an order at Toolyard.',
    });
    const before = await valuesAside();
    await t.app.mailer.enqueue({ kind: 'test', to: 'aside@example.com', ...mail });
    expect(await valuesAside()).toBeGreaterThan(before);

    await t.app.mailer.drain();
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'aside@example.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, text: mail.text, html: mail.html });
    const sent = t.sentMail.find((m) => m.to === 'aside@example.com');
    expect(sent).toMatchObject({ text: mail.text, html: mail.html });
  });
});
