import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import { MAX_GALLERY_IMAGES } from '#contract/tool-media.ts';
import { uploadSrcSet } from '#contract/upload-names.ts';
import { TextField } from '#web/components/ui/field.tsx';
import { uploadImage } from '../api/upload-file.ts';
import { EntryActions, FileUploadField } from './file-upload-field.tsx';
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
    <fieldset
      className="min-w-0 rounded-md border border-stone-300 p-4 sm:col-span-2"
      data-testid="gallery-editor"
    >
      <legend className="px-1 text-sm font-semibold text-stone-800">
        More pictures (optional)
      </legend>
      <p className="text-sm text-stone-600">
        Shown after the main image on the tool’s page, in this order; up to {MAX_GALLERY_IMAGES}.
        Describe each picture for people who cannot see it.
      </p>
      {problem && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      {fields.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No more pictures yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {fields.map((field, index) => (
            <li
              key={field.id}
              className="grid grid-cols-[5rem_1fr] items-start gap-3 sm:grid-cols-[6rem_1fr_auto]"
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
                  error={
                    errors.gallery?.[index]?.alt?.message ?? errors.gallery?.[index]?.src?.message
                  }
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
        </ol>
      )}
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
    </fieldset>
  );
}
