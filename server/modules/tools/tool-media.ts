import type { FieldError } from '../../../contract/problem.ts';
import type { RelatedToolInput, ToolDocument } from '../../../contract/tool-media.ts';
import type { ToolDetail } from '../../../contract/tools.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import * as mediaRepo from './tool-media.repo.ts';
import { type ToolRecord, toTool } from './tools.repo.ts';

/**
 * A tool's gallery, documents and related tools as its page reads them and an admin saves them
 * (docs/decisions/046).
 */

/** The size in bytes of the document uploaded at this address; null when none was. */
export type DocumentSize = (url: string) => Promise<number | null>;

const refused = (errors: FieldError[]) =>
  badRequest(errors[0]?.message ?? 'Some entries cannot be saved.', errors);

/**
 * The documents with the size of each stored file (read from the upload store, never taken from
 * the client); an address no PDF was uploaded to is refused on its field.
 */
export async function sizedDocuments(
  documents: readonly Omit<ToolDocument, 'size'>[],
  documentSize: DocumentSize,
): Promise<ToolDocument[]> {
  const sizes = await Promise.all(documents.map((document) => documentSize(document.url)));
  const errors: FieldError[] = [];
  const sized = documents.map((document, index) => {
    const size = sizes[index];
    if (!size)
      errors.push({
        field: `documents.${index}.url`,
        in: 'body',
        message: 'No PDF was uploaded at this address: upload the document again.',
      });
    return { ...document, size: size ?? 0 };
  });
  if (errors.length > 0) throw refused(errors);
  return sized;
}

/**
 * Every related tool is a listed tool other than this one (held until the transaction ends);
 * `toolId` is undefined for a tool being added, which cannot name itself.
 */
export async function assertRelatedListed(
  tx: Tx,
  toolId: string | undefined,
  related: readonly RelatedToolInput[],
): Promise<void> {
  const listed = await mediaRepo.holdListedTools(
    tx,
    related.map((entry) => entry.toolId),
  );
  const errors: FieldError[] = [];
  for (const [index, entry] of related.entries()) {
    const message =
      entry.toolId === toolId
        ? 'A tool cannot be related to itself: choose another tool.'
        : listed.has(entry.toolId)
          ? undefined
          : 'No tool in the catalogue has this id (never added, or deleted): choose another tool.';
    if (message) errors.push({ field: `related.${index}.toolId`, in: 'body', message });
  }
  if (errors.length > 0) throw refused(errors);
}

/** One tool with its gallery, documents and listed related tools. */
export async function toToolDetail(tx: Tx, row: ToolRecord): Promise<ToolDetail> {
  return {
    ...toTool(row),
    gallery: row.gallery,
    documents: row.documents as ToolDocument[],
    related: await mediaRepo.readRelated(tx, row.id),
  };
}
