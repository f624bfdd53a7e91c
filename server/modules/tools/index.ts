/** What the tools module offers the other modules: the shape the catalogue's reads take. */
export type { CatalogueShape } from './catalogue-index.ts';
