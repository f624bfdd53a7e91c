/** An optional field left empty is left out, as the contract expects (use with z.preprocess). */
export const emptyAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
