import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { uploadSrcSet } from '#contract/upload-names.ts';
import { errorMessage } from '#web/lib/api-error.ts';
import { uploadImage } from '../api/upload-file.ts';

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

type Upload =
  | { state: 'idle' }
  | { state: 'busy'; fileName: string; share: number }
  | { state: 'done'; fileName: string; url: string }
  | { state: 'failed'; message: string };

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
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setUpload({ state: 'busy', fileName: file.name, share: 0 });
    try {
      const image = await uploadImage(file, {
        signal: current.signal,
        onProgress: (share) => setUpload({ state: 'busy', fileName: file.name, share }),
      });
      onChange(image.url);
      onBlur();
      setUpload({ state: 'done', fileName: file.name, url: image.url });
    } catch (failure) {
      if (current.signal.aborted) return;
      setUpload({
        state: 'failed',
        message: `${file.name} was not uploaded. ${errorMessage(failure)}`,
      });
    }
  };

  // "x.jpg is uploaded" holds while its address is the link: not once the link is changed or the
  // form is reset.
  const status: Upload =
    upload.state === 'done' && upload.url !== value ? { state: 'idle' } : upload;
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
          <div>
            <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-medium text-stone-800">
              Upload a picture
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept={ACCEPT}
              aria-describedby={`${id}-file-status`}
              disabled={upload.state === 'busy'}
              onChange={(event) => {
                void onFile(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
              className="block w-full min-w-0 text-sm text-stone-700 file:mr-3 file:min-h-10 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-4 file:font-semibold file:text-navy-800 hover:file:bg-navy-50"
            />
            <UploadStatus id={`${id}-file-status`} upload={status} />
          </div>
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

function UploadStatus({ id, upload }: { id: string; upload: Upload }) {
  const percent = upload.state === 'busy' ? Math.round(upload.share * 100) : 0;
  return (
    <div id={id} className="mt-1 text-sm">
      <p role="status" className={upload.state === 'failed' ? 'sr-only' : 'text-stone-600'}>
        {upload.state === 'idle' &&
          'A JPEG, PNG or WebP picture; the store makes it the right sizes.'}
        {upload.state === 'busy' &&
          (percent < 100
            ? `Uploading ${upload.fileName}… ${percent}%`
            : `Preparing ${upload.fileName}…`)}
        {upload.state === 'done' && `${upload.fileName} is uploaded; its address is below.`}
      </p>
      {upload.state === 'busy' && (
        <progress
          max={100}
          value={percent}
          aria-label="Upload progress"
          className="mt-1 h-2 w-full overflow-hidden rounded accent-orange-500"
        />
      )}
      {upload.state === 'failed' && (
        <p role="alert" className="font-medium text-red-700">
          {upload.message}
        </p>
      )}
    </div>
  );
}
