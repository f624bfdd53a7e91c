/**
 * The picture of a person without a photo: their initials on a colour derived from their name, the
 * same name always the same colour. Every colour carries white text at a contrast of at least
 * 4.5:1 (WCAG AA for normal text), proved in initials-avatar.test.ts.
 */
export const AVATAR_COLOURS = [
  '#1e3a8a',
  '#9a3412',
  '#166534',
  '#6b21a8',
  '#115e59',
  '#9f1239',
  '#3f3f46',
  '#854d0e',
  '#155e75',
  '#a21caf',
] as const;

export const AVATAR_TEXT_COLOUR = '#ffffff';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Up to two letters: the first of the first word and of the last ("Dana O'Neil" is "DO"). */
export function initialsOf(name: string): string {
  const firsts = name
    .trim()
    .split(/\s+/)
    .map((word) => Array.from(word).find((char) => LETTER_OR_DIGIT.test(char)))
    .filter((char): char is string => char !== undefined);
  const first = firsts[0];
  if (first === undefined) return '?';
  const last = firsts.length > 1 ? (firsts[firsts.length - 1] ?? '') : '';
  return upper(first) + upper(last);
}

/** A letter in capitals, unless that makes two ("ß" stays "ß", not "SS"). */
function upper(char: string): string {
  const capital = char.toLocaleUpperCase();
  return Array.from(capital).length === 1 ? capital : char;
}

/** FNV-1a over the name's code units: cheap, and the same in every browser and on the server. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function avatarColourOf(name: string): string {
  const key = name.trim().toLocaleLowerCase();
  return AVATAR_COLOURS[hashOf(key) % AVATAR_COLOURS.length] as string;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminanceOf(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(one: string, other: string): number {
  const [light, dark] = [luminanceOf(one), luminanceOf(other)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}
