import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, TEST_PASSWORD_HASH } from './test-password.ts';

describe('the test users’ password hash', () => {
  it('is a hash of the test password in the store’s format, and of no other password', async () => {
    expect(await verifyPassword({ hash: TEST_PASSWORD_HASH, password: TEST_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash: TEST_PASSWORD_HASH, password: `${TEST_PASSWORD}x` })).toBe(
      false,
    );
    const fresh = await hashPassword(TEST_PASSWORD);
    expect(fresh.split(':').map((part) => part.length)).toEqual(
      TEST_PASSWORD_HASH.split(':').map((part) => part.length),
    );
  });
});
