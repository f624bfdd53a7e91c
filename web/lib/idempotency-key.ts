/** `count` random bytes from getRandomValues (crypto.randomUUID exists only on secure origins). */
const randomBytes = (count: number) => crypto.getRandomValues(new Uint8Array(count));

const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A fresh Idempotency-Key: 128 random bits as hex. */
export function newIdempotencyKey(): string {
  return hexOf(randomBytes(16));
}

/** A fresh random UUID (version 4). */
export function newRandomUuid(): string {
  const bytes = randomBytes(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = hexOf(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
