/**
 * A page's own share of the site's stylesheet (decision 079): the rules that can match something in
 * its HTML. A page served as islands carries these inline and asks for the whole stylesheet once it
 * has painted (contract/islands-loader.ts): its HTML then fits the first round trip of a slow
 * connection, and the browser matches a third of the rules before the first paint.
 *
 * The stylesheet is cut into its rules once. A style rule is kept when one of its selectors names
 * only classes and elements the page's HTML has; what a selector names inside a pseudo-class's
 * parentheses (`:not(.a)`, `:where(.b)`) is not asked for. Custom properties (the theme's, and
 * Tailwind's `@property` rules) are kept when a kept rule uses them; `@keyframes` and
 * `@font-face` always.
 */

interface StyleRule {
  kind: 'style';
  text: string;
  /**
   * Per selector of the rule's list, the classes and elements (`<name`) it needs; the rule is kept
   * when one selector's are all in the page.
   */
  needs: string[][];
}

interface GroupRule {
  kind: 'group';
  prelude: string;
  rules: Rule[];
}

interface KeptRule {
  kind: 'kept';
  text: string;
}

/** A rule that only sets custom properties for everything (`:root`, `*`): each kept if used. */
interface VariablesRule {
  kind: 'variables';
  selector: string;
  declarations: { name: string; text: string }[];
}

/** `@property --name {…}`: kept when something uses the property. */
interface PropertyRule {
  kind: 'property';
  name: string;
  text: string;
}

type Rule = StyleRule | GroupRule | KeptRule | VariablesRule | PropertyRule;

/** What a page uses: its HTML's classes and elements, and the custom properties of the rules kept. */
interface Used {
  /** Classes, and elements' names written `<name`. */
  names: ReadonlySet<string>;
  /** Undefined while the rules are first chosen: every custom property kept. */
  properties?: ReadonlySet<string>;
}

const CUSTOM_PROPERTY = /--[\w-]+/g;

/** At-rules whose body is more rules, each to be kept or left out on its own. */
const GROUPS = /^@(media|supports|layer|container)\b/;

/**
 * The top-level parts of CSS text: each a prelude with its block, or a statement ending in `;`.
 * Strings, escapes and comments are stepped over; comments are dropped.
 */
function splitParts(css: string): { prelude: string; block?: string }[] {
  const parts: { prelude: string; block?: string }[] = [];
  let depth = 0;
  let start = 0;
  let blockStart = -1;
  let prelude = '';
  for (let index = 0; index < css.length; index += 1) {
    const char = css[index];
    if (char === '\\') {
      index += 1;
    } else if (char === '"' || char === "'") {
      const end = closingQuote(css, index);
      index = end;
    } else if (char === '/' && css[index + 1] === '*') {
      const end = css.indexOf('*/', index + 2);
      const stop = end === -1 ? css.length : end + 2;
      if (depth === 0) {
        // A comment between rules: keep what came before it, drop the comment.
        const before = css.slice(start, index).trim();
        if (before) prelude += before;
        start = stop;
      }
      index = stop - 1;
    } else if (char === '{') {
      if (depth === 0) {
        prelude += css.slice(start, index).trim();
        blockStart = index + 1;
      }
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        parts.push({ prelude, block: css.slice(blockStart, index) });
        prelude = '';
        start = index + 1;
      }
    } else if (char === ';' && depth === 0) {
      parts.push({ prelude: prelude + css.slice(start, index).trim() });
      prelude = '';
      start = index + 1;
    }
  }
  return parts;
}

function closingQuote(css: string, open: number): number {
  const quote = css[open];
  for (let index = open + 1; index < css.length; index += 1) {
    if (css[index] === '\\') index += 1;
    else if (css[index] === quote) return index;
  }
  return css.length;
}

/** `text` split at each `separator` outside strings, parentheses and brackets. */
function splitOutside(text: string, separator: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\\') index += 1;
    else if (char === '"' || char === "'") index = closingQuote(text, index);
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === separator && depth === 0) {
      pieces.push(text.slice(start, index));
      start = index + 1;
    }
  }
  pieces.push(text.slice(start));
  return pieces;
}

/** A CSS identifier's escapes undone: `sm\:flex` is the class `sm:flex`, `\32 xl` is `2xl`. */
function unescapeIdentifier(text: string): string {
  return text.replace(
    /\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g,
    (_match, hex?: string, char?: string) =>
      hex === undefined ? (char ?? '') : String.fromCodePoint(Number.parseInt(hex, 16)),
  );
}

/** Where an escape starting at `at` ends: after one character, or up to six hex digits and a space. */
function afterEscape(text: string, at: number): number {
  const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(text.slice(at + 1, at + 8));
  return at + 1 + (hex ? hex[0].length : 1);
}

/**
 * What a selector needs of a page, outside any pseudo-class's parentheses and attribute brackets:
 * its classes, and its elements' names written `<name` (`abbr:where([title])` needs `<abbr`).
 */
function selectorNeeds(selector: string): string[] {
  const needs: string[] = [];
  let depth = 0;
  for (let index = 0; index < selector.length; index += 1) {
    const char = selector[index] ?? '';
    if (char === '\\') index += 1;
    else if (char === '"' || char === "'") index = closingQuote(selector, index);
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth > 0) continue;
    else if (char === '.') {
      const end = identifierEnd(selector, index + 1);
      needs.push(unescapeIdentifier(selector.slice(index + 1, end)));
      index = end - 1;
    } else if (/[a-zA-Z]/.test(char) && /^$|[\s>+~]/.test(selector[index - 1] ?? '')) {
      const end = identifierEnd(selector, index);
      needs.push(`<${selector.slice(index, end).toLowerCase()}`);
      index = end - 1;
    }
  }
  return needs;
}

function identifierEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length) {
    const next = text[end] ?? '';
    if (next === '\\') end = afterEscape(text, end);
    else if (/[\w-]/.test(next) || next.charCodeAt(0) > 127) end += 1;
    else break;
  }
  return end;
}

function parseRules(css: string): Rule[] {
  return splitParts(css).map(({ prelude, block }): Rule => {
    if (block === undefined) return { kind: 'kept', text: `${prelude};` };
    if (GROUPS.test(prelude)) return { kind: 'group', prelude, rules: parseRules(block) };
    const property = /^@property\s+(--[\w-]+)$/.exec(prelude);
    if (property?.[1]) return { kind: 'property', name: property[1], text: `${prelude}{${block}}` };
    if (prelude.startsWith('@')) return { kind: 'kept', text: `${prelude}{${block}}` };
    const needs = splitOutside(prelude, ',').map(selectorNeeds);
    const declarations = splitOutside(block, ';').filter((declaration) => declaration.trim());
    if (
      needs.every((names) => names.length === 0) &&
      declarations.length > 0 &&
      declarations.every((declaration) => declaration.trim().startsWith('--'))
    ) {
      return {
        kind: 'variables',
        selector: prelude,
        declarations: declarations.map((text) => ({
          name: text.trim().split(':', 1)[0] ?? '',
          text: text.trim(),
        })),
      };
    }
    return { kind: 'style', text: `${prelude}{${block}}`, needs };
  });
}

function writeRules(rules: readonly Rule[], used: Used): string {
  let text = '';
  for (const rule of rules) {
    if (rule.kind === 'kept') text += rule.text;
    else if (rule.kind === 'style') {
      if (rule.needs.some((names) => names.every((name) => used.names.has(name))))
        text += rule.text;
    } else if (rule.kind === 'property') {
      if (used.properties?.has(rule.name)) text += rule.text;
    } else if (rule.kind === 'variables') {
      if (used.properties === undefined) continue;
      const kept = rule.declarations.filter(({ name }) => used.properties?.has(name));
      if (kept.length > 0) text += `${rule.selector}{${kept.map(({ text }) => text).join(';')}}`;
    } else {
      const inner = writeRules(rule.rules, used);
      if (inner) text += `${rule.prelude}{${inner}}`;
    }
  }
  return text;
}

/** Every custom property's declarations (from the rules that set them for everything). */
function variablesOf(rules: readonly Rule[], into = new Map<string, string[]>()) {
  for (const rule of rules) {
    if (rule.kind === 'group') variablesOf(rule.rules, into);
    else if (rule.kind === 'variables')
      for (const { name, text } of rule.declarations)
        into.set(name, [...(into.get(name) ?? []), text]);
  }
  return into;
}

/**
 * The custom properties the chosen rules use, with those their values use in turn (`--a:var(--b)`).
 */
function propertiesUsed(chosen: string, variables: ReadonlyMap<string, string[]>): Set<string> {
  const used = new Set<string>();
  const pending = [...chosen.matchAll(CUSTOM_PROPERTY)].map(([name]) => name);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    for (const text of variables.get(name) ?? [])
      for (const [other] of text.slice(name.length).matchAll(CUSTOM_PROPERTY)) pending.push(other);
  }
  return used;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/**
 * Every class the HTML's elements carry (their `class` attributes, as React writes them), and every
 * element's name, written `<name`.
 */
export function namesInHtml(html: string): Set<string> {
  const used = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeAttribute(value).split(/\s+/)) if (name) used.add(name);
  }
  for (const [, element = ''] of html.matchAll(/<([a-zA-Z][\w-]*)/g))
    used.add(`<${element.toLowerCase()}`);
  return used;
}

/** The stylesheet cut into its rules, once; then each page's share of it. */
export function criticalStyles(css: string): (html: string) => string {
  const rules = parseRules(css);
  const variables = variablesOf(rules);
  // The cascade layers in the stylesheet's order, said first: a layer the page's share leaves
  // empty would otherwise be declared last by the whole stylesheet once it arrives, and so rank
  // above the others (Tailwind's `properties` fallbacks above every utility).
  const layers = [
    ...new Set(
      rules.flatMap((rule) =>
        rule.kind === 'group' && /^@layer\s+[\w-]+$/.test(rule.prelude)
          ? [rule.prelude.slice('@layer'.length).trim()]
          : [],
      ),
    ),
  ];
  const order = layers.length > 0 ? `@layer ${layers.join(',')};` : '';
  return (html) => {
    const names = namesInHtml(html);
    const properties = propertiesUsed(writeRules(rules, { names }), variables);
    return order + writeRules(rules, { names, properties });
  };
}
