import { randomBytes } from 'node:crypto';
import { cardDigits, type PayWithCardBody } from '../../../contract/payments.ts';

export type ChargeOutcome =
  | { ok: true; transactionId: string; brand: string; last4: string }
  | { ok: false; reason: string; brand: string; last4: string };

/** Test numbers with a scripted refusal, as payment providers document them. */
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was reported lost.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': 'Your card\u2019s security code is incorrect.',
};

function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
  return 'Card';
}

/**
 * The built-in test gateway: no money moves. 4242 4242 4242 4242 (and any other valid number)
 * succeeds; the numbers above are declined. Only the brand and last four digits leave here.
 */
export function chargeTestCard(card: PayWithCardBody): ChargeOutcome {
  const digits = cardDigits(card.cardNumber);
  const brand = cardBrand(digits);
  const last4 = digits.slice(-4);
  const decline = DECLINES[digits];
  if (decline) return { ok: false, reason: decline, brand, last4 };
  return { ok: true, transactionId: `txn_test_${randomBytes(12).toString('hex')}`, brand, last4 };
}

/**
 * The test gateway's refund: no money moves, it succeeds at once with a reference of its own.
 * A payment reference the gateway never made (not `txn_test_`) is refused, as a provider would.
 */
export function refundTestPayment(request: { paymentReference: string }): {
  status: 'succeeded' | 'failed';
  reference: string | null;
  failureReason: string | null;
} {
  if (!request.paymentReference.startsWith('txn_test_')) {
    return { status: 'failed', reference: null, failureReason: 'No such test payment.' };
  }
  return {
    status: 'succeeded',
    reference: `re_test_${randomBytes(12).toString('hex')}`,
    failureReason: null,
  };
}
