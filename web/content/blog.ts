/** The blog: written answers to common web development questions, in our own words. */
export type BlogBlock =
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'code'; code: string };

export interface BlogPost {
  slug: string;
  question: string;
  summary: string;
  blocks: BlogBlock[];
}

export const blog = {
  title: 'Notes from the workshop',
  intro:
    'Short answers to the web development questions we get asked most, written by the people who build this store.',
  posts: [
    {
      slug: 'react-performance',
      question: 'How can you make a React application faster?',
      summary: 'Measure first, then ship less code and do less work per render.',
      blocks: [
        {
          kind: 'p',
          text: 'Start with measurements, not guesses: the React DevTools profiler shows which components render and how long they take, and the browser performance panel shows what the user actually waits for.',
        },
        {
          kind: 'list',
          items: [
            'Send less JavaScript: split the app by route with lazy imports so a visitor downloads only the screens they open.',
            'Keep state close to where it is used, so a change re-renders a small subtree instead of the whole page.',
            'Memoize only what the profiler proves expensive (memo, useMemo, useCallback); the React Compiler can do much of this for you.',
            'Render long lists in windows (virtualization) and give every list item a stable key.',
            'Cache server data (for example with TanStack Query) so going back to a page does not fetch it again.',
            'Give images fixed dimensions and modern formats so the layout does not jump while they load.',
          ],
        },
      ],
    },
    {
      slug: 'state-management',
      question: 'What are the different ways to manage state in a React application?',
      summary: 'Match the tool to the kind of state: local, shared, server, URL or form.',
      blocks: [
        {
          kind: 'p',
          text: 'There is no single state store that fits everything. It helps to sort state by where it comes from and who needs it:',
        },
        {
          kind: 'list',
          items: [
            'Local UI state (a menu is open, a tab is selected): useState or useReducer inside the component.',
            'State shared by a part of the tree (the signed-in user, a theme): lift it up, or pass it through Context.',
            'Server state (products, orders): a data-fetching cache such as TanStack Query, which handles loading, errors, retries and refetching.',
            'State that belongs in the address (search words, sort order, page number): URL search parameters, so links and the back button work.',
            'Form state: a form library such as React Hook Form, which tracks values and validation without re-rendering on every key press.',
            'Large global client state: a small store such as Zustand or Redux Toolkit, when Context alone becomes hard to follow.',
          ],
        },
      ],
    },
    {
      slug: 'prototypal-inheritance',
      question: 'How does prototypal inheritance work?',
      summary: 'Objects delegate missing properties to another object: their prototype.',
      blocks: [
        {
          kind: 'p',
          text: 'Every JavaScript object has a hidden link to another object, its prototype. When you read a property the object does not have, the engine follows that link and looks there, then on the prototype’s prototype, until it reaches null. That chain is how methods are shared without copying them into every object.',
        },
        {
          kind: 'code',
          code: "const tool = { describe() { return this.name + ' is for ' + this.use; } };\nconst hammer = Object.create(tool);\nhammer.name = 'Claw hammer';\nhammer.use = 'pulling nails';\nhammer.describe(); // found on tool, runs with this = hammer",
        },
        {
          kind: 'p',
          text: 'The class syntax is a friendlier way to write the same thing: methods live on Class.prototype, and extends links one prototype to another.',
        },
      ],
    },
    {
      slug: 'why-not-set-state-directly',
      question: 'Why should you not set state directly in React?',
      summary: 'React only knows to re-render when you call the setter with a new value.',
      blocks: [
        {
          kind: 'p',
          text: 'Writing products.push(item) or state.count = 2 changes the value in memory, but React never hears about it, so the screen does not update. Worse, the next render may overwrite your change, and memoized components that compare references will think nothing changed.',
        },
        {
          kind: 'p',
          text: 'Call the setter with a new value instead, and use the updater form when the new value depends on the old one:',
        },
        {
          kind: 'code',
          code: 'setProducts((current) => [...current, item]);\nsetCount((current) => current + 1);',
        },
        {
          kind: 'p',
          text: 'Treating state as immutable also makes changes easy to trace, undo and test.',
        },
      ],
    },
    {
      slug: 'search-products-by-name',
      question: 'How would you find products by name in an array of products?',
      summary: 'Filter on a normalized name; for a large catalogue, search on the server.',
      blocks: [
        {
          kind: 'p',
          text: 'For a list already in the browser, normalize both sides (trim, lower case) and keep the products whose name contains the search words:',
        },
        {
          kind: 'code',
          code: 'function findByName(products, query) {\n  const words = query.trim().toLowerCase();\n  if (!words) return products;\n  return products.filter((product) => product.name.toLowerCase().includes(words));\n}',
        },
        {
          kind: 'p',
          text: 'Use find instead of filter when you need only the first match. For a large catalogue, send the query to the server (this store calls /api/tools?q=drill), which searches with an index and returns one page at a time.',
        },
      ],
    },
    {
      slug: 'unit-tests',
      question: 'What is a unit test, and why should you write them?',
      summary: 'Small, fast checks of one piece of behavior, run on every change.',
      blocks: [
        {
          kind: 'p',
          text: 'A unit test runs one small piece of code, such as a function that formats prices, with known inputs and checks the result. Because it is small and fast, you can run hundreds of them on every save.',
        },
        {
          kind: 'list',
          items: [
            'They catch mistakes minutes after you make them, not weeks later in production.',
            'They let you refactor with confidence: if the tests still pass, the behavior is the same.',
            'They document how code is meant to be used, with examples that cannot go out of date.',
            'They push you toward smaller functions with clear inputs and outputs.',
          ],
        },
        {
          kind: 'p',
          text: 'Unit tests work best alongside integration tests against a real database and a few end-to-end tests in a real browser, which is how this store is tested.',
        },
      ],
    },
  ] satisfies BlogPost[],
};
