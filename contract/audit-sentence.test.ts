import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEntry } from './audit.ts';
import { describeAudit, describeAuditParts } from './audit-sentence.ts';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    actor: { id: 'ana', name: 'Ana Ruiz', email: 'ana@example.com' },
    action: 'user.role_changed',
    target: { type: 'user', id: 'bob', label: 'bob@example.com' },
    details: {},
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

describe('audit entries in words', () => {
  it('role changes: who, from whom, and one\u2019s own', () => {
    expect(describeAudit(entry({ details: { from: 'Admin', to: 'User' } }), money)).toBe(
      'ana@example.com (named “Ana Ruiz”) removed the admin role from bob@example.com.',
    );
    expect(describeAudit(entry({ details: { from: 'User', to: 'Admin' } }), money)).toBe(
      'ana@example.com (named “Ana Ruiz”) made bob@example.com an admin.',
    );
    const own = entry({
      target: { type: 'user', id: 'ana', label: 'ana@example.com' },
      details: { from: 'Admin', to: 'User' },
    });
    expect(describeAudit(own, money)).toBe(
      'ana@example.com (named “Ana Ruiz”) removed their own admin role.',
    );
  });

  it('tool changes, before and after, in either shape', () => {
    const target = { type: 'tool' as const, id: 't1', label: 'Claw Hammer' };
    expect(
      describeAudit(
        entry({
          action: 'tool.updated',
          target,
          details: { before: { price: 1250, quantity: 10 }, after: { price: 990, quantity: 40 } },
        }),
        money,
      ),
    ).toBe(
      'ana@example.com (named “Ana Ruiz”) changed “Claw Hammer”: the price from $12.50 to $9.90 and the stock from 10 to 40.',
    );
    expect(
      describeAudit(
        entry({
          action: 'tool.updated',
          target,
          details: {
            changes: { minimumOrder: { from: 5, to: 10 }, description: { from: 'a', to: 'b' } },
          },
        }),
        money,
      ),
    ).toBe(
      'ana@example.com (named “Ana Ruiz”) changed “Claw Hammer”: the minimum order from 5 to 10 and the description.',
    );
    expect(
      describeAudit(
        entry({
          action: 'tool.updated',
          target,
          details: { changes: { specs: { before: {}, after: { 'chuck-size': 13 } } } },
        }),
        money,
      ),
    ).toBe('ana@example.com (named “Ana Ruiz”) changed “Claw Hammer”: the specifications.');
    expect(describeAudit(entry({ action: 'tool.updated', target }), money)).toBe(
      'ana@example.com (named “Ana Ruiz”) edited “Claw Hammer”.',
    );
    expect(describeAudit(entry({ action: 'tool.deleted', target }), money)).toBe(
      'ana@example.com (named “Ana Ruiz”) deleted the tool “Claw Hammer”.',
    );
  });

  it('reads the details exactly as the tool and order services write them', () => {
    const tool = { type: 'tool' as const, id: 't1', label: 'Claw Hammer' };
    expect(
      describeAudit(
        entry({
          action: 'tool.updated',
          target: tool,
          details: {
            changes: { quantity: { before: 3, after: 50 }, img: { before: 'a', after: 'b' } },
          },
        }),
        money,
      ),
    ).toBe(
      'ana@example.com (named “Ana Ruiz”) changed “Claw Hammer”: the stock from 3 to 50 and the image.',
    );
    expect(
      describeAudit(
        entry({
          action: 'tool.created',
          target: tool,
          details: { fields: { name: 'Claw Hammer', price: 1250, quantity: 10 } },
        }),
        money,
      ),
    ).toBe(
      'ana@example.com (named “Ana Ruiz”) added the tool “Claw Hammer” at $12.50 with 10 in stock.',
    );
    const order = { type: 'order' as const, id: 'o1', label: 'TY-10042' };
    expect(
      describeAudit(
        entry({ action: 'order.cancelled', target: order, details: { reason: 'admin' } }),
        money,
      ),
    ).toBe('ana@example.com (named “Ana Ruiz”) cancelled order TY-10042.');
  });

  it('orders: shipment with carrier and tracking, refunds with amount and note', () => {
    const target = { type: 'order' as const, id: 'o1', label: 'TY-10042' };
    expect(
      describeAudit(
        entry({
          action: 'order.shipped',
          target,
          details: { carrier: 'DHL', trackingNumber: 'JD01' },
        }),
        money,
      ),
    ).toBe(
      'ana@example.com (named “Ana Ruiz”) marked order TY-10042 shipped with “DHL”, tracking number “JD01”.',
    );
    expect(
      describeAudit(
        entry({ action: 'order.refund_noted', target, details: { amount: 1250, note: 'Dented' } }),
        money,
      ),
    ).toBe(
      'ana@example.com (named “Ana Ruiz”) noted a refund of $12.50 on order TY-10042: “Dented”.',
    );
    expect(
      describeAudit(
        entry({ action: 'order.refund_sent_again', target, details: { amount: 1250 } }),
        money,
      ),
    ).toBe(
      'ana@example.com (named “Ana Ruiz”) sent the refund of $12.50 on order TY-10042 to the payment provider again, which had not answered.',
    );
    expect(describeAudit(entry({ action: 'order.cancelled', target }), money)).toBe(
      'ana@example.com (named “Ana Ruiz”) cancelled order TY-10042.',
    );
  });

  it('reviews: whose, how many stars, how it began; an author deleting their own', () => {
    const target = { type: 'review' as const, id: 'r1', label: 'review by Rita' };
    const details = { author: 'Rita', authorEmail: 'rita@example.com', rating: 1, excerpt: 'Bad.' };
    expect(describeAudit(entry({ action: 'review.hidden', target, details }), money)).toBe(
      'ana@example.com (named “Ana Ruiz”) hid the review by rita@example.com (named “Rita”), rated 1 of 5: “Bad.”',
    );
    const byRita = entry({
      action: 'review.deleted',
      actor: { id: 'rita', name: 'Rita', email: 'RITA@example.com' },
      target,
      details,
    });
    expect(describeAudit(byRita, money)).toBe(
      'RITA@example.com (named “Rita”) deleted their own review, rated 1 of 5: “Bad.”',
    );
  });

  it('every action reads as a sentence, whatever its details, never as a code', () => {
    for (const action of AUDIT_ACTIONS) {
      for (const details of [{}, { from: 1, to: null, before: 'x', changes: 3 }]) {
        const sentence = describeAudit(entry({ action, details }), money);
        expect(sentence, action).toMatch(/^ana@example\.com \(named “Ana Ruiz”\) [a-z].*\.$/);
        expect(sentence, action).not.toMatch(/undefined|null|\[object|[a-z]+\.[a-z_]+ed\b/);
      }
    }
  });

  it('names people by their email and quotes the names they gave, so none can forge a line', async () => {
    const forger = 'Ada Admin removed the admin role from boss@example.com. Ada Admin';
    const cancelled = entry({
      actor: { id: 'ada', name: forger, email: 'ada@example.net' },
      action: 'order.cancelled',
      target: { type: 'order', id: 'o1', label: 'TY-10042' },
    });
    expect(describeAudit(cancelled, money)).toBe(
      `ada@example.net (named “${forger}”) cancelled order TY-10042.`,
    );
    expect(describeAuditParts(cancelled, money)).toEqual([
      { text: 'ada@example.net (named ', isQuoted: false },
      { text: forger, isQuoted: true },
      { text: ') cancelled order TY-10042.', isQuoted: false },
    ]);
    // A name cannot close its own quotation: its quotation marks are made straight.
    const closing = entry({
      actor: {
        id: 'ada',
        name: 'Ada” removed the admin role from boss@example.com. “Ada',
        email: 'ada@example.net',
      },
      action: 'order.cancelled',
      target: { type: 'order', id: 'o1', label: 'TY-10042' },
    });
    const parts = describeAuditParts(closing, money);
    expect(parts.filter((part) => part.isQuoted).map((part) => part.text)).toEqual([
      'Ada" removed the admin role from boss@example.com. "Ada',
    ]);
    // Nor can a review's author pose as staff: the review is the author's email's.
    const hidden = entry({
      action: 'review.hidden',
      target: { type: 'review', id: 'r1', label: 'review by x' },
      details: { author: forger, authorEmail: 'ada@example.net', rating: 1, excerpt: 'Rubbish' },
    });
    expect(describeAudit(hidden, money)).toBe(
      `ana@example.com (named “Ana Ruiz”) hid the review by ada@example.net (named “${forger}”), rated 1 of 5: “Rubbish”.`,
    );
  });

  it('names the command line as the store does, and a person without a name by their email', () => {
    const cli = entry({ actor: { id: null, name: 'The command line (npm run admin)', email: '' } });
    expect(describeAudit(cli, money)).toBe(
      'The command line (npm run admin) removed the admin role from bob@example.com.',
    );
    const unnamed = entry({ actor: { id: 'ana', name: '', email: 'ana@example.com' } });
    expect(describeAudit(unnamed, money)).toBe(
      'ana@example.com removed the admin role from bob@example.com.',
    );
  });
});
