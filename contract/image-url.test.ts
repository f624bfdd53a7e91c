import { describe, expect, it } from 'vitest';
import { ImageUrlSchema } from './image-url.ts';

const messages = (value: string) =>
  ImageUrlSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('an image link', () => {
  it('left empty says it is required, once, not that it is no link', () => {
    const wanted = ['Required: a picture, as an https:// link or a path on this site.'];
    expect(messages('')).toEqual(wanted);
    expect(messages('   ')).toEqual(wanted);
  });

  it('still refuses what is no link, and takes a path or an https link', () => {
    expect(messages('ftp://example.com/a.png')).toEqual([
      'Must be an https:// link or a path on this site.',
    ]);
    expect(messages('/images/tools/claw-hammer-450g.svg')).toEqual([]);
    expect(messages('https://example.com/a.png')).toEqual([]);
  });
});
