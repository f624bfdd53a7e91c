/**
 * A fresh Idempotency-Key: 128 random bits as hex. (crypto.randomUUID exists only on secure
 * origins; getRandomValues everywhere.)
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
