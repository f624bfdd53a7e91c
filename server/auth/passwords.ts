import { readFileSync } from 'node:fs';

let common: Set<string> | undefined;

/** True when the password is among the ~18,000 most common ones (shipped in common-passwords.txt). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return common.has(password.toLowerCase());
}
