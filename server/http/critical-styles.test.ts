import { describe, expect, it } from 'vitest';
import { criticalStyles, namesInHtml } from './critical-styles.ts';

/** A stylesheet shaped as Tailwind writes it: layers, escaped variants, media and supports. */
const STYLESHEET = [
  '/*! tailwindcss */',
  '@layer theme,base,components,utilities;',
  '@layer theme{:root,:host{--color-red:var(--red);--red:red;--unused:0}}',
  '@layer base{*,:after{box-sizing:border-box}h1{font-size:2rem}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.text-red{color:var(--color-red)}',
  '.rotate{rotate:var(--tw-x)}',
  '.hidden{display:none}',
  '.sm\\:grid{display:grid}',
  '.\\32 xl\\:p-4{padding:1rem}',
  '.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}',
  '.group:hover .group-hover\\:underline{text-decoration:underline}',
  '.peer:checked~.peer-checked\\:block,.open{display:block}',
  '.not-last\\:mb-2:not(.last){margin:0}',
  ':where(.space-y-2>:not(:last-child)){margin-block:.5rem}',
  '.content{content:"}.hidden{"}',
  '@media (min-width:40rem){.md\\:flex{display:flex}.md\\:hidden{display:none}}',
  '@supports (display:grid){.grid{display:grid}}',
  '}',
  '@property --tw-x{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

describe('a page’s own share of the stylesheet', () => {
  const ownStyles = criticalStyles(STYLESHEET);

  it('keeps the rules its classes can match, and every rule that names no class', () => {
    const css = ownStyles(
      '<div class="flex md:flex 2xl:p-4 [&amp;&gt;svg]:size-4 group group-hover:underline"><svg></svg></div>',
    );
    expect(css).toBe(
      [
        // The layers' order, then the stylesheet's own statement of it, then the layers kept.
        '@layer theme,base,utilities;',
        '@layer theme,base,components,utilities;',
        '@layer base{*,:after{box-sizing:border-box}}',
        '@layer utilities{',
        '.flex{display:flex}',
        '.\\32 xl\\:p-4{padding:1rem}',
        '.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}',
        '.group:hover .group-hover\\:underline{text-decoration:underline}',
        ':where(.space-y-2>:not(:last-child)){margin-block:.5rem}',
        '@media (min-width:40rem){.md\\:flex{display:flex}}',
        '}',
        '@keyframes spin{to{transform:rotate(360deg)}}',
      ].join(''),
    );
  });

  it('keeps a rule when one selector of its list is met, and asks nothing of what :not() names', () => {
    const css = ownStyles('<p class="open not-last:mb-2 content">x</p>');
    expect(css).toContain('.peer:checked~.peer-checked\\:block,.open{display:block}');
    expect(css).toContain('.not-last\\:mb-2:not(.last){margin:0}');
    // A brace inside a string does not end the rule.
    expect(css).toContain('.content{content:"}.hidden{"}');
    expect(css).not.toContain('.hidden{display:none}');
    expect(css).not.toContain('@media');
    expect(css).not.toContain('@supports');
  });

  it('reads a bracket or a parenthesis inside an attribute selector’s quoted value as text', () => {
    const own = criticalStyles(
      '[data-state="]"]:not(.closed) .y{color:red}[title=")"] .z{color:blue}',
    );
    expect(own('<p class="y z">x</p>')).toBe(
      '[data-state="]"]:not(.closed) .y{color:red}[title=")"] .z{color:blue}',
    );
    expect(own('<p class="closed">x</p>')).toBe('');
  });

  it('keeps a rule for elements only when the page has one of them', () => {
    expect(ownStyles('<h1>Tools</h1>')).toContain(
      '@layer base{*,:after{box-sizing:border-box}h1{font-size:2rem}}',
    );
    expect(ownStyles('<H1 class="flex">Tools</H1>')).toContain('h1{font-size:2rem}');
    expect(ownStyles('<p class="h1">Tools</p>')).not.toContain('h1{');
  });

  it('says the layers’ order first, so that a layer it leaves empty keeps its rank', () => {
    const css = ownStyles('<p>x</p>');
    expect(css.startsWith('@layer theme,base,utilities;')).toBe(true);
    expect(css).not.toContain('@layer theme{');
  });

  it('keeps the custom properties and @property rules the kept rules use, and those they use in turn', () => {
    const css = ownStyles('<p class="text-red rotate">x</p>');
    expect(css).toContain('@layer theme{:root,:host{--color-red:var(--red);--red:red}}');
    expect(css).toContain('@property --tw-x{syntax:"*";inherits:false}');
    expect(css).not.toContain('--unused');
  });

  it('is the whole stylesheet for a page that uses every rule', () => {
    const all =
      '<h1 class="text-red rotate flex hidden sm:grid 2xl:p-4 [&amp;&gt;svg]:size-4 group group-hover:underline open not-last:mb-2 content md:flex md:hidden grid"><svg></svg></h1>';
    expect(ownStyles(all)).toBe(
      `@layer theme,base,utilities;${STYLESHEET.replace('/*! tailwindcss */', '').replace(';--unused:0', '')}`,
    );
  });
});

describe('the classes and elements a page uses', () => {
  it('reads every class attribute, with its entities decoded, and every element', () => {
    expect([...namesInHtml('<a class="a  b&#x27;s"><B class="[&amp;]:c d"></B></a>')]).toEqual([
      'a',
      "b's",
      '[&]:c',
      'd',
      '<a',
      '<b',
    ]);
  });
});
