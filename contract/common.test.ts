import { describe, expect, it } from 'vitest';
import { EmailSchema, TypedEmailSchema } from './common.ts';

const LABEL_PROBLEM =
  'Must be a valid email address: each part of its domain, between dots, can be at most 63 characters.';

/** The messages a schema gives for a value; none when it takes it. */
function problems(schema: typeof EmailSchema | typeof TypedEmailSchema, value: unknown): string[] {
  return schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
}

describe('email addresses', () => {
  const label63 = 'a'.repeat(63);
  const label64 = 'a'.repeat(64);

  it('take a domain whose every label has at most 63 characters', () => {
    for (const email of [
      `user@${label63}.com`,
      `user@mail.${label63}.example.com`,
      `user@example.${'c'.repeat(63)}`,
    ]) {
      expect(problems(EmailSchema, email), email).toEqual([]);
    }
  });

  it('refuse a label of 64 characters or more, wherever it is in the domain', () => {
    for (const email of [
      `user@${label64}.com`,
      `user@mail.${label64}.example.com`,
      `user@example.${'c'.repeat(64)}`,
    ]) {
      expect(problems(EmailSchema, email), email).toEqual([LABEL_PROBLEM]);
    }
  });

  it('keep the other limits: the format and 254 characters in all', () => {
    expect(problems(EmailSchema, 'not-an-email')).toEqual(['Must be a valid email address.']);
    expect(problems(EmailSchema, `user@${label64}`)).toEqual(['Must be a valid email address.']);
    const long = `user@${[label63, label63, label63, 'a'.repeat(54)].join('.')}.com`;
    expect(long).toHaveLength(255);
    expect(problems(EmailSchema, long)).toEqual(['Must be at most 254 characters.']);
    expect(problems(EmailSchema, long.replace('user@', 'use@'))).toEqual([]);
    expect(problems(EmailSchema, 42)).toEqual(['Must be a string.']);
  });

  it('hold an email as typed (trimmed, any case) to the same rule', () => {
    expect(TypedEmailSchema.parse('  User@Example.COM ')).toBe('user@example.com');
    expect(problems(TypedEmailSchema, ` User@${label64.toUpperCase()}.com `)).toEqual([
      LABEL_PROBLEM,
    ]);
    expect(problems(TypedEmailSchema, ` User@${label63.toUpperCase()}.com `)).toEqual([]);
  });
});
