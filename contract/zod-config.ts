import { z } from 'zod';

/**
 * The store's zod settings, set as this module loads. It is the first import of
 * contract/common.ts, which every schema file imports, so the settings hold before any schema is
 * made: zod decides whether an object schema may compile its parser (`new Function`) when the
 * schema is created, not when it parses, and a browser that was asked first reports a violation of
 * the store's Content-Security-Policy (no 'unsafe-eval'). The one module of contract/ that does
 * something on import; e2e/content-security.spec.ts holds it.
 */
z.config({
  // Browsers run the store under a CSP without 'unsafe-eval'. The server keeps the faster compiled
  // parsers.
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
