import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EmailSchema } from '../../../../contract/common.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SubmitError, TextField } from '../../../components/ui/field.tsx';
import { useSubmitFailure } from '../../../lib/form-errors.ts';
import { useRequestPasswordReset } from '../api/auth-mutations.ts';
import { authErrorMessage } from '../utils/describe-auth-error.ts';

const ForgotPasswordSchema = z.object({ email: EmailSchema });
type ForgotPasswordValues = z.infer<typeof ForgotPasswordSchema>;
const FIELDS = ['email'] as const;
const OUTCOME = {
  notDone: 'No email was sent.',
  unknown: 'Asking again is safe: the newest link is the one that works.',
};

/** Asks for the email; the answer never tells whether an account exists for it. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const { failure, fail } = useSubmitFailure(form.setError, FIELDS, OUTCOME, authErrorMessage);
  const onSubmit = form.handleSubmit(({ email }) => requestReset.mutate(email, { onError: fail }));

  if (requestReset.isSuccess) {
    return (
      <div
        role="status"
        className="rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-emerald-950"
      >
        <p className="font-semibold">If an account exists for that email, we sent a link</p>
        <p className="mt-2 text-sm">
          Follow the link in the email to choose a new password. It works for one hour. Nothing
          there? Check your spam folder, or{' '}
          <button
            type="button"
            className="font-semibold underline underline-offset-2"
            onClick={() => requestReset.reset()}
          >
            try another email
          </button>
          .
        </p>
      </div>
    );
  }

  return (
    <form noValidate className="space-y-4" onSubmit={onSubmit}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        isPending={requestReset.isPending && !failure}
      >
        Send me a reset link
      </Button>
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={requestReset.isPending} />
    </form>
  );
}
