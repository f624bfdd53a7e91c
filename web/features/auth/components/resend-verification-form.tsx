import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EmailSchema } from '../../../../contract/common.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SubmitError, TextField } from '../../../components/ui/field.tsx';
import { useSubmitFailure } from '../../../lib/form-errors.ts';
import { useResendVerification } from '../api/auth-mutations.ts';
import { authErrorMessage } from '../utils/describe-auth-error.ts';

const ResendSchema = z.object({ email: EmailSchema });
type ResendValues = z.infer<typeof ResendSchema>;
const FIELDS = ['email'] as const;
const OUTCOME = {
  notDone: 'No email was sent.',
  unknown: 'Asking again is safe: the newest link is the one that works.',
};

/**
 * Asks for a new confirmation link, signed in or not. The answer is the same whether or not the
 * email has an account waiting, so it tells no one who is a customer.
 */
export function ResendVerificationForm({ email = '' }: { email?: string | undefined }) {
  const resend = useResendVerification();
  const form = useForm<ResendValues>({
    resolver: zodResolver(ResendSchema),
    defaultValues: { email },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(
    form.setError,
    FIELDS,
    OUTCOME,
    authErrorMessage,
  );
  const onSubmit = form.handleSubmit((values) =>
    resend.mutate(values.email, { onSuccess: clear, onError: fail }),
  );

  if (resend.isSuccess) {
    return (
      <div
        role="status"
        className="rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-left text-emerald-950"
      >
        <p className="font-semibold">Check your inbox</p>
        <p className="mt-2 text-sm">
          If <strong className="wrap-anywhere">{resend.variables}</strong> has an account waiting
          for confirmation, a new link is on its way. It works for 24 hours; earlier links no longer
          matter.
        </p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 text-left">
      <TextField
        label="Your email"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" size="lg" className="w-full" isPending={resend.isPending && !failure}>
        Send me a new link
      </Button>
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={resend.isPending} />
    </form>
  );
}
