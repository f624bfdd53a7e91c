import { z } from 'zod';

/**
 * The store's zod settings, for every schema of contract/ wherever it parses. Called at each
 * entry before anything parses: the server's start (server/main.ts) and app (server/app.ts), the
 * browser's entry (web/app/entry.client.tsx) and the tests (vitest.config.ts). Calling it again
 * changes nothing.
 */
export function configureZod(): void {
  z.config({
    // Browsers run the store under a CSP without 'unsafe-eval', where zod's probe for `new Function`
    // would be reported as a violation on every page with a form. The server keeps the faster
    // compiled parsers.
    jitless: 'document' in globalThis,
    // Plain-English messages for the failures no schema words itself (shared by server and forms).
    customError: (issue) => {
      if (issue.code === 'invalid_type') {
        if (issue.input === undefined) return 'Required.';
        return issue.expected === 'int' || issue.expected === 'number'
          ? 'Must be a number.'
          : `Must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}.`;
      }
      return undefined;
    },
  });
}
