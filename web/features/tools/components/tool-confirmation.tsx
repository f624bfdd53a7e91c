import { useEffect, useRef, useState } from 'react';
import { TOOL_CONFIRMATIONS, type ToolConfirmation } from '#contract/tools.ts';
import { Button } from '#web/components/ui/button.tsx';
import { isApiError } from '#web/lib/api-error.ts';

interface Pending {
  confirm: ToolConfirmation[];
  messages: string[];
}

/**
 * A tool the store refused as a likely mistake (a price of 0, a minimum order above the stock):
 * what to acknowledge, kept until the admin saves anyway or changes the tool and saves again.
 */
export function useToolConfirmation() {
  const [pending, setPending] = useState<Pending | null>(null);
  /** True when the error asks for a confirmation (now shown); false for any other failure. */
  const askIfNeeded = (error: unknown): boolean => {
    if (!isApiError(error) || error.code !== 'confirmation_required') return false;
    setPending({
      confirm: error.confirm.filter((what): what is ToolConfirmation =>
        (TOOL_CONFIRMATIONS as readonly string[]).includes(what),
      ),
      messages: error.errors.length > 0 ? error.errors.map((e) => e.message) : [error.detail],
    });
    return true;
  };
  return { pending, askIfNeeded, dismiss: () => setPending(null) };
}

/** "Are you sure?" inside the form: the store's reasons and a button to save the tool anyway. */
export function ToolConfirmationPrompt({
  pending,
  actionLabel,
  onConfirm,
  isPending,
}: {
  pending: Pending | null;
  actionLabel: string;
  onConfirm: (confirm: ToolConfirmation[]) => void;
  isPending: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (pending) ref.current?.focus();
  }, [pending]);
  if (!pending) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="font-semibold">Please confirm before saving:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {pending.messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        isPending={isPending}
        onClick={() => onConfirm(pending.confirm)}
      >
        {actionLabel}
      </Button>
    </div>
  );
}
