import type { MergedLine } from '#contract/cart.ts';
import { formatCount } from '#contract/format.ts';

/**
 * One sentence per line of the cart a buyer had before signing in, saying what joining it to
 * their account's cart did, from the store's own report ("Pliers: 50 → 100").
 */
export function mergedLineSentence(line: MergedLine): string {
  const n = formatCount;
  const name = line.name ?? 'A tool';
  switch (line.outcome) {
    case 'added':
      return line.before === 0
        ? `${name}: ${n(line.added)} added`
        : `${name}: ${n(line.before)} → ${n(line.after)}`;
    case 'capped_at_stock':
      return `${name}: ${n(line.before)} → ${n(line.after)} (${n(line.added)} more asked for; capped at what is in stock)`;
    case 'capped_at_limit':
      return `${name}: ${n(line.before)} → ${n(line.after)} (capped at the most one line may order)`;
    case 'unavailable':
      return `${name}: not added, no longer sold`;
    case 'cart_full':
      return `${name}: not added, your cart already has as many tools as one order may`;
  }
}
