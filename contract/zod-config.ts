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
      // 1.5 is a number: what it is not is a whole one.
      if (issue.expected === 'int' && typeof issue.input === 'number') {
        return 'Must be a whole number.';
      }
      return issue.expected === 'int' || issue.expected === 'number'
        ? 'Must be a number.'
        : `Must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}.`;
    }
    if (issue.code === 'too_big' || issue.code === 'too_small') return sizeSentence(issue);
    if (issue.code === 'invalid_value' && issue.values.length > 0) {
      return `Must be one of: ${issue.values.map(String).join(', ')}.`;
    }
    // A discriminated union's tag ("from": lines, cart or order) is a choice like an enum's.
    if (issue.code === 'invalid_union') {
      const options = (issue as { options?: unknown[] }).options;
      return options && options.length > 0
        ? `Must be one of: ${options.map(String).join(', ')}.`
        : 'Must be a value of a kind this field takes.';
    }
    // A record's key breaks its rule: the rule's own sentence ("Use lower-case letters...").
    if (issue.code === 'invalid_key') {
      return issue.issues[0]?.message ?? 'Not a name this field takes.';
    }
    return undefined;
  },
});

/** "Must be at most 100." for a bound no schema words itself (never zod's "Too big: expected..."). */
function sizeSentence(issue: {
  code: 'too_big' | 'too_small';
  origin: string;
  maximum?: unknown;
  minimum?: unknown;
  inclusive?: boolean;
}): string | undefined {
  const isMost = issue.code === 'too_big';
  const bound = Number(isMost ? issue.maximum : issue.minimum);
  const [below, above] =
    issue.inclusive === false
      ? (['less than', 'more than'] as const)
      : (['at most', 'at least'] as const);
  const most = isMost ? below : above;
  switch (issue.origin) {
    case 'number':
    case 'int':
    case 'bigint':
      return `Must be ${most} ${bound}.`;
    case 'string':
      if (!isMost && bound <= 1) return 'Must not be empty.';
      return `Must be ${most} ${bound} character${bound === 1 ? '' : 's'}.`;
    case 'array':
    case 'set':
      if (!isMost && bound <= 1) return 'Must not be empty.';
      return `Must have ${most} ${bound} item${bound === 1 ? '' : 's'}.`;
    default:
      return undefined;
  }
}
