/**
 * What the tools module offers the other modules: the shape the catalogue's reads take, for the
 * categories; the check of specification values, for the catalogue import.
 */
export type { CatalogueShape } from './catalogue-index.ts';
export { type SpecRule, specProblems } from './tool-specs.ts';
