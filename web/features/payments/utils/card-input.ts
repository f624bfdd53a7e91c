/** "4242424242424242" -> "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12/30"; the slash appears once the month is typed, and goes with a backspace. */
export function formatExpiry(value: string, isDeleting: boolean): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits.length === 2 && !isDeleting ? `${digits}/` : digits;
}

/**
 * Rewrites what is being typed at the end of a field (formatting in the middle would move the
 * caret under the person's fingers).
 */
export function reformatAtEnd(
  input: HTMLInputElement,
  format: (value: string, isDeleting: boolean) => string,
  previous: string,
): void {
  if (input.selectionStart !== input.value.length) return;
  input.value = format(input.value, input.value.length < previous.length);
}
