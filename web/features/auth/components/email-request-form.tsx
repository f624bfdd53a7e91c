import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EmailSchema } from '#contract/common.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { authErrorMessage } from '../utils/describe-auth-error.ts';

const EmailRequestSchema = z.object({ email: EmailSchema });
type EmailRequestValues = z.infer<typeof EmailRequestSchema>;
const FIELDS = ['email'] as const;
const OUTCOME = {
  notDone: 'No email was sent.',
  unknown: 'Asking again is safe: the newest link is the one that works.',
};

/**
 * Asks for an email and has the store send a link to it (a password reset, a new confirmation
 * link). The store answers the same whether or not the email has an account, so `sent` says "if".
 */
export function EmailRequestForm({
  request,
  label,
  submitLabel,
  defaultEmail = '',
  sent,
}: {
  request: UseMutationResult<unknown, Error, string>;
  label: string;
  submitLabel: string;
  defaultEmail?: string | undefined;
  /** What shows once the store has answered, for the email it was asked about. */
  sent: (email: string) => ReactNode;
}) {
  const form = useForm<EmailRequestValues>({
    resolver: zodResolver(EmailRequestSchema),
    defaultValues: { email: defaultEmail },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(
    form.setError,
    FIELDS,
    OUTCOME,
    authErrorMessage,
  );
  const onSubmit = form.handleSubmit(({ email }) =>
    request.mutate(email, { onSuccess: clear, onError: fail }),
  );

  if (request.isSuccess && request.variables !== undefined) return sent(request.variables);

  return (
    <form method="post" noValidate className="space-y-4 text-left" onSubmit={onSubmit}>
      <TextField
        label={label}
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" size="lg" className="w-full" isPending={request.isPending && !failure}>
        {submitLabel}
      </Button>
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={request.isPending} />
    </form>
  );
}
