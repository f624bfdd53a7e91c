import { describe, expect, it } from 'vitest';
import {
  AVATAR_COLOURS,
  AVATAR_TEXT_COLOUR,
  avatarColourOf,
  contrastRatio,
  initialsOf,
} from './initials-avatar.ts';

describe('the avatar of a person without a photo', () => {
  it('shows the first letters of their first and last names', () => {
    expect(initialsOf('Dana Buyer')).toBe('DB');
    expect(initialsOf("  Dana Maria O'Neil ")).toBe('DO');
    expect(initialsOf('cher')).toBe('C');
    expect(initialsOf('élodie ßtrauss')).toBe('Éß');
    expect(initialsOf('"Bob" (the builder)')).toBe('BB');
    expect(initialsOf('李 小龍')).toBe('李小');
    expect(initialsOf('🔧 ---')).toBe('?');
    expect(initialsOf('')).toBe('?');
  });

  it('takes its colour from the name, the same each time', () => {
    expect(avatarColourOf('Dana Buyer')).toBe(avatarColourOf('Dana Buyer'));
    expect(avatarColourOf(' dana buyer ')).toBe(avatarColourOf('Dana Buyer'));
    const names = Array.from({ length: 200 }, (_, index) => `Customer ${index}`);
    const used = new Set(names.map(avatarColourOf));
    // Spread over the palette, not one colour for everyone.
    expect(used.size).toBe(AVATAR_COLOURS.length);
    for (const colour of used) expect(AVATAR_COLOURS).toContain(colour);
  });

  it.each(AVATAR_COLOURS)(
    '%s carries its white initials at a contrast of at least 4.5:1',
    (colour) => {
      expect(contrastRatio(colour, AVATAR_TEXT_COLOUR)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // A colour known to fail AA with white text.
    expect(contrastRatio('#f97316', '#ffffff')).toBeLessThan(4.5);
  });
});
