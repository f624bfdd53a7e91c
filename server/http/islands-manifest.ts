/**
 * Where the islands' build (vite.config.ts, islandsBuild) writes its manifest, within the web
 * app's client build; the store reads the islands' script from it (server/plugins/web.ts). A
 * dotted folder: the file server never serves it.
 */
export const ISLANDS_MANIFEST = '.vite/islands-manifest.json';
