import { z } from 'zod';
import { IdSchema, MoneySchema, plainText } from './common.ts';
import { ImageUrlSchema } from './image-url.ts';
import {
  DOCUMENT_KINDS,
  MAX_GALLERY_IMAGES,
  MAX_RELATED_TOOLS,
  MAX_TOOL_DOCUMENTS,
  RELATION_KINDS,
} from './tool-media-kinds.ts';
import { UPLOADED_DOCUMENT_PATTERN } from './upload-names.ts';

/**
 * What a tool's page shows besides its main picture (docs/decisions/046): more pictures (the
 * gallery), documents to download (PDF datasheets, manuals, certificates) and related tools
 * (accessories, and what a buyer may also need).
 */

/** One more picture of the tool, with the words a screen reader says for it. */
const GalleryImageSchema = z.strictObject({
  src: ImageUrlSchema,
  alt: plainText(1, 200),
});

export const GallerySchema = z
  .array(GalleryImageSchema)
  .max(MAX_GALLERY_IMAGES, { error: `At most ${MAX_GALLERY_IMAGES} pictures.` })
  .superRefine((gallery, context) => {
    for (const [index, picture] of gallery.entries()) {
      if (gallery.findIndex((other) => other.src === picture.src) < index)
        context.addIssue({
          code: 'custom',
          path: [index, 'src'],
          message: 'This picture is already in the gallery.',
        });
    }
  })
  .describe(
    `Pictures shown after the main one (img), in this order; at most ${MAX_GALLERY_IMAGES}.`,
  );

/** A document as an admin attaches it: a PDF uploaded through POST /api/uploads/documents. */
const ToolDocumentInputSchema = z.strictObject({
  title: plainText(2, 120),
  kind: z.enum(DOCUMENT_KINDS, { error: `Must be one of ${DOCUMENT_KINDS.join(', ')}.` }),
  url: z.string().trim().regex(UPLOADED_DOCUMENT_PATTERN, {
    error: 'Must be the address of a PDF uploaded to this store (/uploads/<id>.pdf).',
  }),
});

export const ToolDocumentsSchema = z
  .array(ToolDocumentInputSchema)
  .max(MAX_TOOL_DOCUMENTS, { error: `At most ${MAX_TOOL_DOCUMENTS} documents.` })
  .superRefine((documents, context) => {
    for (const [index, document] of documents.entries()) {
      if (documents.findIndex((other) => other.url === document.url) < index)
        context.addIssue({
          code: 'custom',
          path: [index, 'url'],
          message: 'This document is already in the list.',
        });
    }
  })
  .describe(
    `PDF documents (uploaded first), in this order; at most ${MAX_TOOL_DOCUMENTS}. The store reads each file's size itself.`,
  );

/** A document as pages show it: its size read from the stored file when it was attached. */
const ToolDocumentSchema = ToolDocumentInputSchema.extend({
  /** Bytes. */
  size: z.int().min(1),
});
export type ToolDocument = z.infer<typeof ToolDocumentSchema>;

const RelatedToolInputSchema = z.strictObject({
  toolId: IdSchema,
  kind: z.enum(RELATION_KINDS, { error: `Must be one of ${RELATION_KINDS.join(', ')}.` }),
});

export const RelatedToolsSchema = z
  .array(RelatedToolInputSchema)
  .max(MAX_RELATED_TOOLS, { error: `At most ${MAX_RELATED_TOOLS} related tools.` })
  .superRefine((related, context) => {
    for (const [index, entry] of related.entries()) {
      if (related.findIndex((other) => other.toolId === entry.toolId) < index)
        context.addIssue({
          code: 'custom',
          path: [index, 'toolId'],
          message: 'This tool is already in the list.',
        });
    }
  })
  .describe(
    `Listed tools shown with this one (accessories, tools a buyer may also need), in this order; at most ${MAX_RELATED_TOOLS}, never the tool itself.`,
  );
export type RelatedToolInput = z.infer<typeof RelatedToolInputSchema>;

/** A related tool as the tool's answer carries it: enough for a small card linking to it. */
const RelatedToolSchema = z.object({
  kind: z.enum(RELATION_KINDS),
  _id: IdSchema,
  name: z.string(),
  sku: z.string(),
  /** Its page on this site. */
  url: z.string(),
  img: z.string(),
  price: MoneySchema,
  /** Whether a minimum order of it is in stock now. */
  isInStock: z.boolean(),
});
export type RelatedTool = z.infer<typeof RelatedToolSchema>;

/** What one tool's answer carries besides the catalogue's fields. */
export const ToolMediaSchema = z.object({
  gallery: z.array(GalleryImageSchema),
  documents: z.array(ToolDocumentSchema),
  /** Only listed tools, in the admin's order. */
  related: z.array(RelatedToolSchema),
});

/** The three as an admin sends them (each replaces the whole list; [] empties it). */
export const toolMediaFields = {
  gallery: GallerySchema,
  documents: ToolDocumentsSchema,
  related: RelatedToolsSchema,
};
export const TOOL_MEDIA_FIELDS = ['gallery', 'documents', 'related'] as const;
