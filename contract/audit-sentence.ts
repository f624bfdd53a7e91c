import type { AuditEntry } from './audit.ts';
import { joinWords } from './format.ts';

/**
 * A piece of an audit sentence: the store's own words, or text that someone typed (a name, a tool's
 * name, a review, a note), which is `quoted` and shown as such, so that no name can read as part
 * of the sentence.
 */
export interface AuditSentencePart {
  text: string;
  isQuoted: boolean;
}

// Typed text travels through the sentence between these two (private-use) characters, which are
// never left in typed text; the quotation marks are added around it, and never left inside it.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;

/** Text someone typed, as the sentence quotes it: “…”, its own curly quotes made straight. */
/** How many parcels an entry's details list. */
const parcelCount = (parcels: unknown) => (Array.isArray(parcels) ? parcels.length : 0);

function quoted(typed: string): string {
  return `${OPEN}${typed.replace(MARKS, '').replace(/[“”]/g, '"')}${CLOSE}`;
}

/**
 * An audit entry in words: "ana@example.com (named “Ana Ruiz”) removed the admin role from
 * bob@example.com." People are named by their email, which they cannot choose freely; the name they
 * gave is quoted as theirs. Every action of AUDIT_ACTIONS has its sentence; details another version
 * of the store wrote differently still read as a sentence (what is missing is left out, never shown
 * as a code).
 */
export function describeAuditParts(
  entry: AuditEntry,
  money: (minorUnits: number) => string,
): AuditSentencePart[] {
  const parts: AuditSentencePart[] = [];
  for (const [index, piece] of sentenceOf(entry, money)
    .split(/[\uE000\uE001]/)
    .entries()) {
    if (piece !== '') parts.push({ text: piece, isQuoted: index % 2 === 1 });
  }
  // A quotation that ends its own sentence ends this one: “Bad.” not “Bad.”.
  const [last, beforeLast] = [parts.at(-1), parts.at(-2)];
  if (last?.text === '.' && beforeLast?.isQuoted && /[.!?…]$/.test(beforeLast.text)) parts.pop();
  return parts;
}

/** The same sentence as one string, the typed text in curly quotes. */
export function describeAudit(entry: AuditEntry, money: (minorUnits: number) => string): string {
  return describeAuditParts(entry, money)
    .map((part) => (part.isQuoted ? `“${part.text}”` : part.text))
    .join('');
}

/** A person as the log names them: their email, and the name they gave, quoted as theirs. */
function person(email: string | undefined, name: string | undefined): string {
  if (!email) return name ? quoted(name) : 'someone';
  return name && name.toLowerCase() !== email.toLowerCase()
    ? `${email} (named ${quoted(name)})`
    : email;
}

/** Who made the change: a person, or (no account, no email) the store's own command line. */
function actorOf(entry: AuditEntry): string {
  const { id, name, email } = entry.actor;
  if (id === null && !email) return name || 'Someone';
  return person(email || undefined, name || undefined);
}

function sentenceOf(entry: AuditEntry, money: (minorUnits: number) => string): string {
  const who = actorOf(entry);
  const details = entry.details;
  const label = entry.target.label;
  switch (entry.action) {
    case 'user.role_changed': {
      // A person is labelled by their email, which the store wrote.
      const isSelf = entry.actor.id !== null ? entry.actor.id === entry.target.id : false;
      if (details.to === 'Admin') {
        return isSelf ? `${who} made themselves an admin.` : `${who} made ${label} an admin.`;
      }
      return isSelf
        ? `${who} removed their own admin role.`
        : `${who} removed the admin role from ${label}.`;
    }
    case 'tool.created':
      return `${who} added the tool ${quoted(label)}${toolFacts(details, money)}.`;
    case 'tool.updated': {
      const changes = toolChanges(details, money);
      return changes.length > 0
        ? `${who} changed ${quoted(label)}: ${joinWords(changes)}.`
        : `${who} edited ${quoted(label)}.`;
    }
    case 'tool.deleted':
      return `${who} deleted the tool ${quoted(label)}.`;
    case 'catalogue.imported':
      return `${who} imported a catalogue file of ${importCounts(details)}.`;
    case 'category.created':
      return `${who} added the category ${quoted(label)}.`;
    case 'category.updated':
      return `${who} changed the category ${quoted(label)}.`;
    case 'category.deleted':
      return `${who} deleted the category ${quoted(label)}.`;
    case 'delivery_method.created':
      return `${who} added the delivery method ${quoted(label)}.`;
    case 'delivery_method.updated':
      return `${who} changed the delivery method ${quoted(label)}.`;
    case 'delivery_method.deleted':
      return `${who} deleted the delivery method ${quoted(label)}.`;
    case 'order.cancelled':
      // `reason` says whose side cancelled (customer or admin); the actor already says who.
      // An order is labelled by its number, which the store wrote.
      return `${who} cancelled order ${label}.`;
    case 'order.shipped': {
      const parcels = parcelCount(details.parcels);
      if (parcels > 1) return `${who} marked order ${label} shipped in ${parcels} parcels.`;
      const carrier = text(details.carrier);
      const tracking = text(details.trackingNumber ?? details.tracking);
      const via = carrier ? ` with ${quoted(carrier)}` : '';
      const number = tracking ? `, tracking number ${quoted(tracking)}` : '';
      return `${who} marked order ${label} shipped${via}${number}.`;
    }
    case 'order.shipments_updated': {
      const parcels = parcelCount(details.parcels);
      return `${who} changed the parcels of order ${label} (${parcels === 1 ? 'one parcel' : `${parcels} parcels`}).`;
    }
    case 'order.refund_noted': {
      const amount = number(details.amount ?? details.amountMinor);
      const note = text(details.note ?? details.reason);
      const howMuch = amount === undefined ? 'a refund' : `a refund of ${money(amount)}`;
      return `${who} noted ${howMuch} on order ${label}${note ? `: ${quoted(note)}` : ''}.`;
    }
    case 'order.refund_sent_again': {
      const amount = number(details.amount);
      const which = amount === undefined ? 'a refund' : `the refund of ${money(amount)}`;
      return `${who} sent ${which} on order ${label} to the payment provider again, which had not answered.`;
    }
    // A quote is labelled by its number, which the store wrote.
    case 'quote.requested':
      return `${who} asked for quote ${label}.`;
    case 'quote.offered': {
      const total = number(details.offeredTotal);
      return `${who} sent the offer on quote ${label}${total === undefined ? '' : ` for ${money(total)}`}.`;
    }
    case 'quote.refused':
      return `${who} refused quote ${label}.`;
    case 'quote.accepted': {
      const order = text(details.orderNumber);
      return `${who} accepted the offer on quote ${label}${order ? `, placing order ${quoted(order)}` : ''}.`;
    }
    case 'quote.declined':
      return `${who} declined the offer on quote ${label}.`;
    case 'quote.withdrawn':
      return `${who} withdrew quote ${label}.`;
    case 'quote.message_written':
      return `${who} wrote a message on quote ${label}.`;
    case 'order.approved':
      return `${who} approved order ${label}.`;
    case 'order.rejected': {
      const reason = text(details.reason);
      return `${who} rejected order ${label}${reason ? `: ${quoted(reason)}` : ''}.`;
    }
    case 'review.hidden':
      return `${who} hid ${reviewWords(entry)}.`;
    case 'review.shown':
      return `${who} showed ${reviewWords(entry)} again.`;
    case 'review.deleted': {
      const isOwn =
        typeof details.authorEmail === 'string' &&
        details.authorEmail.toLowerCase() === entry.actor.email.toLowerCase();
      return isOwn
        ? `${who} deleted their own review${reviewTail(entry)}.`
        : `${who} deleted ${reviewWords(entry)}.`;
    }
    case 'payment_terms.set': {
      const days = number(details.netDays);
      const limit = number(details.creditLimit);
      const terms = days === undefined ? 'payment terms' : `net ${days} payment terms`;
      const credit = limit === undefined ? '' : ` with a credit limit of ${money(limit)}`;
      return `${who} gave ${quoted(label)} ${terms}${credit}.`;
    }
    case 'payment_terms.cleared':
      return `${who} took the payment terms of ${quoted(label)} away.`;
    case 'order.payment_recorded': {
      const amount = number(details.amount);
      const reference = text(details.reference);
      const howMuch = amount === undefined ? 'a payment' : `a payment of ${money(amount)}`;
      return `${who} recorded ${howMuch} on order ${label}${reference ? `, reference ${quoted(reference)}` : ''}.`;
    }
    case 'order.payout_recorded': {
      const amount = number(details.amount);
      const reference = text(details.reference);
      const howMuch = amount === undefined ? 'money' : money(amount);
      return `${who} recorded ${howMuch} paid back to the buyer of order ${label}${reference ? `, reference ${quoted(reference)}` : ''}.`;
    }
    case 'company.created':
    case 'company.updated':
    case 'company.invited':
    case 'company.invitation_revoked':
    case 'company.member_joined':
    case 'company.member_changed':
    case 'company.member_removed':
    case 'company.member_left':
      return companySentence(entry.action, who, quoted(label), details);
    default:
      return `${who} changed ${quoted(label)}.`;
  }
}

/** What happened in a company (the label is its name, quoted), from the entry's details. */
function companySentence(
  action: AuditEntry['action'],
  who: string,
  company: string,
  details: Record<string, unknown>,
): string {
  const member = text(details.memberEmail) ?? 'a member';
  const email = text(details.email) ?? 'someone';
  const role = text(details.role);
  const as = role ? ` as ${role}` : '';
  switch (action) {
    case 'company.created':
      return `${who} created the company ${company}.`;
    case 'company.invited':
      return `${who} invited ${email} to ${company}${as}.`;
    case 'company.invitation_revoked':
      return `${who} revoked the invitation of ${email} to ${company}.`;
    case 'company.member_joined':
      return `${who} joined ${company}${as}.`;
    case 'company.member_changed':
      return `${who} changed the role or limits of ${member} in ${company}.`;
    case 'company.member_removed':
      return `${who} removed ${member} from ${company}.`;
    case 'company.member_left':
      return `${who} left ${company}.`;
    default:
      return `${who} changed the details of ${company}.`;
  }
}

/** "120 rows: 20 tools added, 95 changed, 5 as they were" from an import's details. */
function importCounts(details: Record<string, unknown>): string {
  const count = (key: string) => number(details[key]) ?? 0;
  const rows = count('rowCount');
  return `${rows} ${rows === 1 ? 'row' : 'rows'}: ${count('created')} tools added, ${count('updated')} changed, ${count('unchanged')} as they were`;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** "the review by rita@example.com (named “Rita”), rated 2 of 5: “Rubbish service…”". */
function reviewWords(entry: AuditEntry): string {
  const email = text(entry.details.authorEmail);
  const name = text(entry.details.author);
  const author = email || name ? `the review by ${person(email, name)}` : 'a review';
  return `${author}${reviewTail(entry)}`;
}

/** ", rated 2 of 5: “Rubbish service…”" from the review's details. */
function reviewTail(entry: AuditEntry): string {
  const rating = number(entry.details.rating);
  const excerpt = text(entry.details.excerpt);
  return `${rating === undefined ? '' : `, rated ${rating} of 5`}${excerpt ? `: ${quoted(excerpt)}` : ''}`;
}

/** Tool fields as people name them. */
const TOOL_FIELDS: Record<string, string> = {
  sku: 'the SKU',
  brand: 'the brand',
  mpn: 'the maker’s part number',
  gtin: 'the GTIN',
  name: 'the name',
  img: 'the image',
  image: 'the image',
  description: 'the description',
  quantity: 'the stock',
  stock: 'the stock',
  minimumOrder: 'the minimum order',
  orderIncrement: 'the pack size',
  maxPerOrder: 'the most per order',
  weightGrams: 'the weight',
  price: 'the price',
  priceTiers: 'the price breaks',
  specs: 'the specifications',
};

const MONEY_FIELDS = new Set(['price']);
const LONG_FIELDS = new Set(['description', 'img', 'image', 'specs']);

function toolValue(field: string, value: unknown, money: (minorUnits: number) => string): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'number') return MONEY_FIELDS.has(field) ? money(value) : String(value);
  if (Array.isArray(value)) {
    if (field === 'priceTiers') {
      if (value.length === 0) return 'none';
      return value
        .map((tier) =>
          tier && typeof tier === 'object' && 'minQuantity' in tier && 'price' in tier
            ? `${String(tier.minQuantity)}+ at ${money(Number(tier.price))}`
            : '',
        )
        .filter(Boolean)
        .join(', ');
    }
    return `${value.length} items`;
  }
  if (typeof value === 'string')
    return quoted(value.length > 40 ? `${value.slice(0, 39)}…` : value);
  return 'another value';
}

/** "the price from $12.50 to $10.00", one per changed field, from several shapes of details. */
function toolChanges(
  details: Record<string, unknown>,
  money: (minorUnits: number) => string,
): string[] {
  const pairs: [string, unknown, unknown][] = [];
  const before = details.before as Record<string, unknown> | undefined;
  const after = details.after as Record<string, unknown> | undefined;
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
      pairs.push([field, before[field], after[field]]);
    }
  } else {
    const source = (
      details.changes && typeof details.changes === 'object' ? details.changes : details
    ) as Record<string, unknown>;
    for (const [field, change] of Object.entries(source)) {
      if (change && typeof change === 'object' && 'before' in change && 'after' in change) {
        pairs.push([field, change.before, change.after]);
      } else if (change && typeof change === 'object' && 'from' in change && 'to' in change) {
        pairs.push([field, change.from, change.to]);
      }
    }
  }
  return pairs.map(([field, from, to]) => {
    const name = TOOL_FIELDS[field] ?? field.replace(/([A-Z])/g, ' $1').toLowerCase();
    if (LONG_FIELDS.has(field)) return name;
    return `${name} from ${toolValue(field, from, money)} to ${toolValue(field, to, money)}`;
  });
}

/** " at $12.50 with 100 in stock" for a tool just added, when known. */
function toolFacts(
  details: Record<string, unknown>,
  money: (minorUnits: number) => string,
): string {
  const fields = (
    details.fields && typeof details.fields === 'object' ? details.fields : details
  ) as Record<string, unknown>;
  const price = number(fields.price);
  const stock = number(fields.quantity ?? fields.stock);
  return `${price === undefined ? '' : ` at ${money(price)}`}${stock === undefined ? '' : ` with ${stock} in stock`}`;
}
