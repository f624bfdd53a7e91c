import { type Ref, useId, useState } from 'react';
import { uploadSrcSet } from '#contract/upload-names.ts';
import { uploadImage } from '../api/upload-file.ts';
import { FileUploadField } from './file-upload-field.tsx';

const ACCEPT = 'image/jpeg,image/png,image/webp';

interface ImageInputProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The link's own error (from the form's schema). */
  error?: string | undefined;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A tool's image: upload a picture (JPEG, PNG or WebP, checked by the store), or give a link. An
 * upload fills the link with the stored image's address, so the form sends a plain URL either way.
 */
export function ImageInput({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
  className = '',
  ref,
}: ImageInputProps) {
  const id = useId();
  // "x.jpg is uploaded" holds while its address is the link: not once the link is changed or the
  // form is reset.
  const [uploaded, setUploaded] = useState<{ fileName: string; url: string } | null>(null);
  const done =
    uploaded && uploaded.url === value
      ? `${uploaded.fileName} is uploaded; its address is below.`
      : undefined;
  const preview = value.trim();
  const showPreview = !error && (preview.startsWith('/') || preview.startsWith('https://'));
  return (
    <fieldset className={`min-w-0 rounded-md border border-stone-300 p-4 ${className}`}>
      <legend className="px-1 text-sm font-semibold text-stone-800">{label}</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="aspect-[4/3] w-full shrink-0 overflow-hidden rounded border border-stone-200 bg-stone-100 sm:w-40">
          {showPreview ? (
            <img
              src={preview}
              srcSet={uploadSrcSet(preview)}
              sizes="(min-width: 640px) 160px, 100vw"
              alt="Preview"
              className="size-full object-contain"
            />
          ) : (
            <p className="flex size-full items-center justify-center p-2 text-center text-sm text-stone-600">
              No image yet
            </p>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <FileUploadField
            label="Upload a picture"
            accept={ACCEPT}
            hint={done ?? 'A JPEG, PNG or WebP picture; the store makes it the right sizes.'}
            upload={uploadImage}
            onUploaded={(image, file) => {
              onChange(image.url);
              onBlur();
              setUploaded({ fileName: file.name, url: image.url });
            }}
          />
          <div>
            <label htmlFor={`${id}-url`} className="mb-1 block text-sm font-medium text-stone-800">
              Or give an image link
            </label>
            <input
              id={`${id}-url`}
              ref={ref}
              name={name}
              inputMode="url"
              placeholder="https://… or /images/…"
              value={value}
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-url-error` : `${id}-url-hint`}
              className={`block w-full rounded-md border bg-white px-3 py-2 text-base text-stone-900 shadow-xs placeholder:text-stone-500 sm:text-sm ${error ? 'border-red-600' : 'border-stone-400 hover:border-stone-500'}`}
            />
            {error ? (
              <p id={`${id}-url-error`} className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : (
              <p id={`${id}-url-hint`} className="mt-1 text-sm text-stone-600">
                An https:// link, or a path on this site such as /images/tools/claw-hammer-450g.svg.
              </p>
            )}
          </div>
        </div>
      </div>
    </fieldset>
  );
}
