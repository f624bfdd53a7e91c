import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import { MAX_GALLERY_IMAGES } from '#contract/tool-media-kinds.ts';
import { uploadSrcSet } from '#contract/upload-names.ts';
import { TextField } from '#web/components/ui/field.tsx';
import { uploadImage } from '../api/upload-file.ts';
import { EntryActions, FileUploadField } from './file-upload-field.tsx';
import { ListEditorFrame } from './list-editor-frame.tsx';
import { listError, type MediaFormValues } from './media-form-values.ts';

/**
 * The pictures shown after the main image: upload one, describe it (its alt text), put them in
 * order, remove one.
 */
export function GalleryEditor({
  control,
  register,
  errors,
}: {
  control: Control<MediaFormValues>;
  register: UseFormRegister<MediaFormValues>;
  errors: FieldErrors<MediaFormValues>;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'gallery' });
  const problem = listError(errors, 'gallery');
  return (
    <ListEditorFrame
      testId="gallery-editor"
      legend="More pictures (optional)"
      description={
        <>
          Shown after the main image on the tool’s page, in this order; up to {MAX_GALLERY_IMAGES}.
          Describe each picture for people who cannot see it.
        </>
      }
      problem={problem}
      emptyText="No more pictures yet."
      entries={fields.map((field, index) => (
        <li
          key={field.id}
          className="grid grid-cols-[4rem_1fr] items-start gap-3 sm:grid-cols-[6rem_1fr_auto]"
        >
          <img
            src={field.src}
            srcSet={uploadSrcSet(field.src)}
            sizes="96px"
            alt=""
            className="aspect-[4/3] w-full rounded border border-stone-200 bg-stone-100 object-contain"
          />
          <div className="min-w-0">
            <TextField
              label={`Picture ${index + 1}: what it shows`}
              error={errors.gallery?.[index]?.alt?.message ?? errors.gallery?.[index]?.src?.message}
              {...register(`gallery.${index}.alt`)}
            />
          </div>
          <div className="col-span-2 sm:col-span-1 sm:mt-6">
            <EntryActions
              label={`picture ${index + 1}`}
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
            label="Add a picture"
            accept="image/jpeg,image/png,image/webp"
            hint={
              fields.length >= MAX_GALLERY_IMAGES
                ? `The gallery is full (${MAX_GALLERY_IMAGES} pictures): remove one to add another.`
                : 'A JPEG, PNG or WebP picture; the store makes it the right sizes.'
            }
            isDisabled={fields.length >= MAX_GALLERY_IMAGES}
            upload={uploadImage}
            onUploaded={(image) => append({ src: image.url, alt: '' })}
          />
        </div>
      }
    />
  );
}
