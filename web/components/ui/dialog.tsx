import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { Button } from './button.tsx';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Wider dialogs hold forms. */
  size?: 'sm' | 'lg';
  /** `side`: a drawer along the right edge, full height, its body scrolling under the title. */
  placement?: 'center' | 'side';
  /** Stays at the drawer's foot while its body scrolls (the drawer's own actions). */
  footer?: ReactNode;
}

const placements = {
  center: (size: 'sm' | 'lg') =>
    `m-auto w-[calc(100%-2rem)] rounded-xl ${size === 'lg' ? 'max-w-2xl' : 'max-w-md'}`,
  side: () =>
    'my-0 mr-0 ml-auto h-dvh max-h-dvh w-[calc(100%-2rem)] max-w-sm rounded-l-xl overflow-hidden',
};

/**
 * A modal on the native <dialog> (showModal): the page behind is inert, Escape closes it, and
 * focus goes back to what opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  size = 'sm',
  placement = 'center',
  footer,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const isGone = useRef(false);
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  // Opened and closed as the page changes, before the browser paints. React may take the dialog
  // out and put it back without its owner knowing (StrictMode does so once on mount, in
  // development): the cleanup below closes it, and this opens it again.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // A dialog its owner removes (rendered only while something is being edited) gets no close
  // event. It closes itself while still in the page, before React takes it out: the page stops
  // being inert at once and focus goes back to what opened it, rather than falling to the page's
  // start with the field that had it and coming back only when a later effect runs.
  useLayoutEffect(() => {
    const dialog = ref.current;
    isGone.current = false;
    return () => {
      isGone.current = true;
      const target = opener.current;
      opener.current = null;
      if (dialog?.open) dialog.close();
      const active = document.activeElement;
      const isLost = active === null || active === document.body || dialog?.contains(active);
      if (target?.isConnected && isLost) target.focus();
    };
  }, []);

  // A control inside that goes while it has focus (a filter's "Clear all" once nothing is left to
  // clear) drops focus to the page's body, out of the dialog a keyboard is in: the title takes it.
  // After the effects inside, so that a button whose action ended takes its focus back first.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog?.open || !open) return;
    const active = document.activeElement;
    const heading = titleRef.current;
    if (heading && (active === null || active === document.body)) {
      // Focusable only from here on: opening still focuses the first control, as showModal does.
      heading.tabIndex = -1;
      heading.focus();
    }
  });

  const handleClose = () => {
    // The close event comes after the change that caused it: a dialog that is gone, or that was
    // opened again since (taken out and put back), has nothing to close.
    if (isGone.current || ref.current?.open) return;
    onClose();
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click closes; Escape, built into <dialog>, is the keyboard way
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={handleClose}
      onClick={(event) => {
        if (event.target === ref.current) ref.current?.close();
      }}
      className={`bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-navy-950/60 ${placements[placement](size)}`}
    >
      {open && (
        <div className={placement === 'side' ? 'flex h-full flex-col' : 'p-6'}>
          <h2
            ref={titleRef}
            id={titleId}
            className={`text-lg font-bold text-navy-900 ${placement === 'side' ? 'border-b border-stone-200 px-5 py-4' : ''}`}
          >
            {title}
          </h2>
          <div className={placement === 'side' ? 'flex-1 overflow-y-auto px-5 py-4' : 'mt-3'}>
            {children}
          </div>
          {footer && <div className="border-t border-stone-200 px-5 py-4">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

/** "Are you sure?" with the action and Close. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  isPending = false,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  isPending?: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className="text-stone-700">{message}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={isPending}>
          Close
        </Button>
        <Button variant="danger" onClick={onConfirm} isPending={isPending}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
