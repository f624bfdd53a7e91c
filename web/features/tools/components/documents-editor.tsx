import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  MAX_TOOL_DOCUMENTS,
} from '#contract/tool-media-kinds.ts';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { formatFileSize } from '#web/lib/format.ts';
import { uploadDocument } from '../api/upload-file.ts';
import { EntryActions, FileUploadField } from './file-upload-field.tsx';
import { ListEditorFrame } from './list-editor-frame.tsx';
import { listError, type MediaFormValues } from './media-form-values.ts';

/** A document's title from its file name: "drill-manual_v2.pdf" -> "drill manual v2". */
const titleOf = (fileName: string) =>
  fileName
    .replace(/\.pdf$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim()
    .slice(0, 120) || 'Document';

/** The tool's PDFs: upload one, name it and say what it is, put them in order, remove one. */
export function DocumentsEditor({
  control,
  register,
  errors,
}: {
  control: Control<MediaFormValues>;
  register: UseFormRegister<MediaFormValues>;
  errors: FieldErrors<MediaFormValues>;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'documents' });
  const problem = listError(errors, 'documents');
  return (
    <ListEditorFrame
      testId="documents-editor"
      legend="Documents (optional)"
      description={
        <>
          Datasheets, manuals and certificates buyers can download, as PDF files; up to{' '}
          {MAX_TOOL_DOCUMENTS}.
        </>
      }
      problem={problem}
      emptyText="No documents yet."
      listClassName="space-y-4"
      entries={fields.map((field, index) => (
        <li key={field.id} className="grid gap-3 sm:grid-cols-[1fr_10rem] sm:items-start">
          <TextField
            label={`Document ${index + 1}: title`}
            hint={`PDF, ${formatFileSize(field.size)}`}
            error={
              errors.documents?.[index]?.title?.message ?? errors.documents?.[index]?.url?.message
            }
            {...register(`documents.${index}.title`)}
          />
          <SelectField
            label={`Document ${index + 1}: kind`}
            error={errors.documents?.[index]?.kind?.message}
            {...register(`documents.${index}.kind`)}
          >
            {DOCUMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {DOCUMENT_KIND_LABELS[kind]}
              </option>
            ))}
          </SelectField>
          <div className="sm:col-span-2">
            <EntryActions
              label={`document ${index + 1}`}
              index={index}
              count={fields.length}
              move={move}
              remove={remove}
            />
          </div>
        </li>
      ))}
      adder={
        <div className="mt-4">
          <FileUploadField
            label="Add a PDF document"
            accept="application/pdf,.pdf"
            hint={
              fields.length >= MAX_TOOL_DOCUMENTS
                ? `The list is full (${MAX_TOOL_DOCUMENTS} documents): remove one to add another.`
                : 'A PDF file; the store checks that it is one.'
            }
            isDisabled={fields.length >= MAX_TOOL_DOCUMENTS}
            upload={uploadDocument}
            onUploaded={(document, file) =>
              append({
                title: titleOf(file.name),
                kind: 'datasheet',
                url: document.url,
                size: document.size,
              })
            }
          />
        </div>
      }
    />
  );
}
