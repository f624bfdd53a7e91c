/** What the tools module offers the other modules: the catalogue's queries, for the categories. */
export { searchTools, similarNames } from './search.repo.ts';
export { listTools } from './tools.repo.ts';
