// What a tool's page shows besides its main picture, in words and numbers (docs/decisions/046).
// No zod here: a tool's page imports this without the validation library (contract/tool-media.ts
// holds the schemas; bench/README.md, "Interactive at once").

export const MAX_GALLERY_IMAGES = 12;
export const MAX_TOOL_DOCUMENTS = 10;
export const MAX_RELATED_TOOLS = 12;

export const DOCUMENT_KINDS = ['datasheet', 'manual', 'certificate', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  datasheet: 'Datasheet',
  manual: 'Manual',
  certificate: 'Certificate',
  other: 'Document',
};

export const RELATION_KINDS = ['accessory', 'also_needed'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];
/** Each kind's heading on the tool page, in the order the sections come. */
export const RELATION_KIND_LABELS: Record<RelationKind, string> = {
  accessory: 'Accessories',
  also_needed: 'You may also need',
};
