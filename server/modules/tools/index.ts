/**
 * What the tools module offers the other modules: the catalogue's queries, for the categories;
 * the check of specification values, for the catalogue import.
 */
export { searchTools, similarNames } from './search.repo.ts';
export { type SpecRule, specProblems } from './tool-specs.ts';
export { listTools } from './tools.repo.ts';
