import type { FieldErrors } from 'react-hook-form';
import type { DocumentKind, RelationKind } from '#contract/tool-media-kinds.ts';

/** What both tool forms hold for a tool's gallery, documents and related tools. */
export interface MediaFormValues {
  gallery: { src: string; alt: string }[];
  /** With each file's size, shown and never sent. */
  documents: { title: string; kind: DocumentKind; url: string; size: number }[];
  /** With each tool's name and SKU, shown and never sent. */
  related: { toolId: string; kind: RelationKind; name: string; sku: string }[];
}

/** The message of a whole list's error (too many entries), if any. */
export function listError(errors: FieldErrors<MediaFormValues>, list: keyof MediaFormValues) {
  const error = errors[list];
  return error?.root?.message ?? error?.message;
}
