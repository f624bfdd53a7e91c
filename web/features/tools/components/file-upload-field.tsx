import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-error.ts';

type UploadState =
  | { state: 'idle' }
  | { state: 'busy'; fileName: string; share: number }
  | { state: 'failed'; message: string };

type Upload<T> = (
  file: File,
  options: { signal: AbortSignal; onProgress: (share: number) => void },
) => Promise<T>;

/**
 * A file picker that uploads what is chosen at once, with its progress and, on failure, the
 * store's reason in words; `onUploaded` gets the store's answer and the file.
 */
export function FileUploadField<T>({
  label,
  accept,
  hint,
  upload,
  onUploaded,
  isDisabled = false,
}: {
  label: string;
  accept: string;
  hint: string;
  upload: Upload<T>;
  onUploaded: (result: T, file: File) => void;
  isDisabled?: boolean;
}) {
  const id = useId();
  const [status, setStatus] = useState<UploadState>({ state: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setStatus({ state: 'busy', fileName: file.name, share: 0 });
    try {
      const result = await upload(file, {
        signal: current.signal,
        onProgress: (share) => setStatus({ state: 'busy', fileName: file.name, share }),
      });
      setStatus({ state: 'idle' });
      onUploaded(result, file);
    } catch (failure) {
      if (current.signal.aborted) return;
      setStatus({
        state: 'failed',
        message: `${file.name} was not uploaded. ${errorMessage(failure)}`,
      });
    }
  };
  const percent = status.state === 'busy' ? Math.round(status.share * 100) : 0;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-status`}
        disabled={isDisabled || status.state === 'busy'}
        onChange={(event) => {
          void onFile(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
        className="block w-full min-w-0 text-sm text-stone-700 file:mr-3 file:min-h-10 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-4 file:font-semibold file:text-navy-800 hover:file:bg-navy-50 disabled:opacity-60"
      />
      <div id={`${id}-status`} className="mt-1 text-sm">
        <p role="status" className={status.state === 'failed' ? 'sr-only' : 'text-stone-600'}>
          {status.state === 'idle' && hint}
          {status.state === 'busy' &&
            (percent < 100
              ? `Uploading ${status.fileName}… ${percent}%`
              : `Preparing ${status.fileName}…`)}
        </p>
        {status.state === 'busy' && (
          <progress
            max={100}
            value={percent}
            aria-label="Upload progress"
            className="mt-1 h-2 w-full overflow-hidden rounded accent-orange-500"
          />
        )}
        {status.state === 'failed' && (
          <p role="alert" className="font-medium text-red-700">
            {status.message}
          </p>
        )}
      </div>
    </div>
  );
}

/** Move up, move down and remove, for one entry of an ordered list in a form. */
export function EntryActions({
  label,
  index,
  count,
  move,
  remove,
}: {
  /** What the entry is, for screen readers ("picture 2"). */
  label: string;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        variant="ghost"
        size="sm"
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
        aria-label={`Move ${label} up`}
      >
        Up
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
        aria-label={`Move ${label} down`}
      >
        Down
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => remove(index)}
        aria-label={`Remove ${label}`}
      >
        Remove
      </Button>
    </div>
  );
}
