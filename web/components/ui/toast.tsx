import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

type Tone = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  tone: Tone;
  message: string;
}
interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

/** Toasts close by themselves after this long. */
const TOAST_DURATION_MS = 5000;

const ToastContext = createContext<ToastApi | null>(null);

const toneClasses: Record<Tone, string> = {
  success: 'border-l-emerald-600',
  error: 'border-l-red-600',
  info: 'border-l-navy-600',
};
const toneLabels: Record<Tone, string> = { success: 'Done', error: 'Error', info: 'Note' };

/**
 * Notifications sit at the top of the window, over the site header (not over the page's content
 * when it is scrolled to the top). While they show, their height is the page's top scroll padding
 * (the `--toast-space` variable, used in app.css): focus moved to a result or a field, and anything
 * scrolled into view, lands below them.
 */
function useReservedSpace(stack: HTMLElement | null): void {
  useEffect(() => {
    if (!stack) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = stack.offsetHeight;
      if (height > 0) root.style.setProperty('--toast-space', `${height}px`);
      else root.style.removeProperty('--toast-space');
    });
    observer.observe(stack);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-space');
    };
  }, [stack]);
}

/** The one way to show a toast: `useToast().success('Saved')`. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const [stack, setStack] = useState<HTMLElement | null>(null);
  useReservedSpace(stack);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (tone: Tone, message: string) => {
      const id = nextId.current++;
      // Two at most: they must fit over the header.
      setToasts((current) => [...current.slice(-1), { id, tone, message }]);
      window.setTimeout(() => dismiss(id), TOAST_DURATION_MS);
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      info: (message) => show('info', message),
    }),
    [show],
  );

  return (
    <ToastContext value={api}>
      {children}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col items-center sm:items-end"
      >
        {/* The live region wraps the list: a list keeps its own role. */}
        <div role="status" aria-live="polite" className="w-full sm:max-w-sm">
          <ol ref={setStack} className="flex w-full flex-col gap-2 p-2 empty:hidden sm:px-4">
            {toasts.map((toast) => (
              <li
                key={toast.id}
                className={`pointer-events-auto flex items-start gap-3 rounded-lg border border-l-4 border-stone-200 bg-white px-4 py-3 text-sm shadow-lg ${toneClasses[toast.tone]}`}
              >
                <p className="flex-1 text-stone-900">
                  <span className="sr-only">{toneLabels[toast.tone]}: </span>
                  {toast.message}
                </p>
                <button
                  type="button"
                  onClick={() => dismiss(toast.id)}
                  className="-m-1 rounded p-1 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
                  aria-label="Dismiss notification"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className="size-4"
                    fill="currentColor"
                  >
                    <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
                  </svg>
                </button>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
