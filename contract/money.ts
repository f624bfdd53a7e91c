// Amounts as the store keeps them, in the currency's minor units (decision 001), as people read and
// type them. Shared by the server (emails, invoices, the CSV export) and the web app. No zod here:
// the web app's first page imports this without the validation library.

interface MoneyFormat {
  format: Intl.NumberFormat;
  /** Digits after the decimal point: 2 for USD, 0 for JPY, 3 for KWD. */
  digits: number;
}

/** Building an Intl.NumberFormat costs far more than using one: one per currency, kept. */
const moneyFormats = new Map<string, MoneyFormat>();

function moneyFormat(currency: string): MoneyFormat {
  let money = moneyFormats.get(currency);
  if (!money) {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    money = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    moneyFormats.set(currency, money);
  }
  return money;
}

/** Digits after the decimal point for a currency (2 for USD, 0 for JPY). */
export function fractionDigits(currency: string): number {
  return moneyFormat(currency).digits;
}

/**
 * Minor units as an exact decimal (129900, 2 -> "1299.00"): written from the digits rather than
 * divided, so no whole amount up to Number.MAX_SAFE_INTEGER is rounded on its way.
 */
function decimal(minorUnits: number, digits: number): `${number}` {
  if (!Number.isSafeInteger(minorUnits)) {
    return (minorUnits / 10 ** digits).toFixed(digits) as `${number}`;
  }
  const text = String(Math.abs(minorUnits)).padStart(digits + 1, '0');
  const sign = minorUnits < 0 ? '-' : '';
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return (digits > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`) as `${number}`;
}

/** Minor units to a display string: 129900 USD -> "$1,299.00", 1250 JPY -> "¥1,250". */
export function formatMoney(minorUnits: number, currency: string): string {
  const { format, digits } = moneyFormat(currency);
  return format.format(decimal(minorUnits, digits));
}

/**
 * Minor units as a plain decimal in the currency's own digits, without symbol or grouping:
 * 1250 USD -> "12.50". For a form field to type over and a spreadsheet cell to add up.
 */
export function fromMinorUnits(minorUnits: number, currency: string): string {
  return decimal(minorUnits, moneyFormat(currency).digits);
}

/** The pattern of an amount with up to `digits` decimals, made once per number of digits. */
const amountPatterns = new Map<number, RegExp>();

function amountPattern(digits: number): RegExp {
  let pattern = amountPatterns.get(digits);
  if (!pattern) {
    pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
    amountPatterns.set(digits, pattern);
  }
  return pattern;
}

/** Whole units grouped by thousands with commas ("1,299", "10,000"), before any decimals. */
const GROUPED_WHOLE = /^\d{1,3}(,\d{3})+(\.|$)/;

/**
 * A price as typed, in currency units ("12.5", "1,299.00") -> minor units (1250, 129900);
 * undefined when it is not a price: negative, more digits than the currency has, not a number,
 * or commas that do not group thousands ("49,50" is a decimal comma, not 4950).
 */
export function toMinorUnits(value: string, currency: string): number | undefined {
  const { digits } = moneyFormat(currency);
  const pattern = amountPattern(digits);
  const typed = value.trim();
  if (typed.includes(',') && !GROUPED_WHOLE.test(typed)) return undefined;
  const trimmed = typed.replace(/,/g, '');
  if (!pattern.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}
