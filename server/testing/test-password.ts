/**
 * The password of every test user (`buildTestApp().signUp`) and a real hash of it, made once with
 * Better Auth's own scrypt and format (`hashPassword` from `better-auth/crypto`). A hash costs a
 * core about 80 ms, and most tests need accounts, not the hashing: hashing it once for all of them
 * leaves one scrypt per test user, the one signing in spends checking the password against this
 * hash. Sign-up's own hashing is tested where sign-up is (server/auth/accounts.test.ts and
 * others post to /api/auth/sign-up/email); test-password.test.ts proves the pair matches.
 */
export const TEST_PASSWORD = 'test-user-password-2026';

export const TEST_PASSWORD_HASH =
  '7b9cf1d4e11395a72ac42e1485141b4a:27619a5984a6b8c774e8daef6e2af26b7132bb0222414be2d4789f3de093119cd40a249dfe94eaf226bc0fdba3d664f1c1e6052337b64e661409942965aa1cff';
