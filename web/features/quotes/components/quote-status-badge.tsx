import type { QuoteStatus, QuoteSummary } from '#contract/quote-schemas.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';

export const quoteStatusLabels: Record<QuoteStatus, string> = {
  requested: 'Asked for',
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
  refused: 'Refused',
  withdrawn: 'Withdrawn',
};

const tones: Record<QuoteStatus, BadgeTone> = {
  requested: 'info',
  offered: 'brand',
  accepted: 'success',
  declined: 'neutral',
  refused: 'danger',
  withdrawn: 'neutral',
};

/** A quote's status in words; an offer past its last day says it expired. */
export function QuoteStatusBadge({ quote }: { quote: Pick<QuoteSummary, 'status' | 'isExpired'> }) {
  if (quote.isExpired) return <Badge tone="warning">Offer expired</Badge>;
  return <Badge tone={tones[quote.status]}>{quoteStatusLabels[quote.status]}</Badge>;
}
