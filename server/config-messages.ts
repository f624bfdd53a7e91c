import type { z } from 'zod';

// One sentence per problem with the settings: zod's own messages ("Too small: expected string to
// have >=1 characters") said as people say them, and a variable that already has a sentence of
// its own (production's "Required in production: ...") not named a second time.

type Issue = z.core.$ZodRawIssue;

function tooSmall(issue: Issue & { code: 'too_small' }): string | undefined {
  const minimum = Number(issue.minimum);
  if (issue.origin === 'string') {
    return minimum <= 1 ? 'Must not be empty.' : `Must be at least ${minimum} characters.`;
  }
  if (issue.origin === 'number') return `Must be ${minimum} or more.`;
  return undefined;
}

function tooBig(issue: Issue & { code: 'too_big' }): string | undefined {
  const maximum = Number(issue.maximum);
  if (issue.origin === 'string') return `Must be at most ${maximum} characters.`;
  if (issue.origin === 'number') return `Must be ${maximum} or less.`;
  return undefined;
}

/** A sentence for zod's usual issues; undefined keeps zod's (or the schema's own) message. */
export function settingMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int'
        ? 'Must be a whole number.'
        : undefined;
    case 'invalid_value':
      return `Must be one of ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Must be an email address.' : undefined;
    default:
      return undefined;
  }
}

/** The variables a problem names before its colon ("A, B and C: ..."). */
function namedIn(problem: string): string[] {
  return problem.slice(0, problem.indexOf(':')).split(/, | and /);
}

/** The malformed-value sentences, less those about a variable another sentence already names. */
export function withoutRepeats(malformed: string[], problems: string[]): string[] {
  const named = new Set(problems.flatMap(namedIn));
  return malformed.filter((problem) => !namedIn(problem).some((name) => named.has(name)));
}
