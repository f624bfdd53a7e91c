import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, NewPasswordSchema } from '#contract/auth.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { SubmitError, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import * as paths from '#web/lib/paths.ts';
import { useResetPassword } from '../api/auth-mutations.ts';
import { authErrorMessage } from '../utils/describe-auth-error.ts';
import { ConfirmPasswordSchema, PASSWORDS_DONT_MATCH } from '../utils/password-schema.ts';

const ResetPasswordSchema = z
  .object({ newPassword: NewPasswordSchema, confirmPassword: ConfirmPasswordSchema })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    error: PASSWORDS_DONT_MATCH,
  });
type ResetPasswordValues = z.infer<typeof ResetPasswordSchema>;
const FIELDS = ['newPassword'] as const;
const OUTCOME = {
  notDone: 'Your password is unchanged.',
  unknown: 'Your password may have changed: try again, or sign in with the new one.',
};

/** A new password for the account the emailed link belongs to. */
export function ResetPasswordForm({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const { failure, fail } = useSubmitFailure(form.setError, FIELDS, OUTCOME, authErrorMessage);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ newPassword }) =>
    resetPassword.mutate(
      { newPassword, token },
      {
        onError: fail,
      },
    ),
  );

  if (resetPassword.isSuccess) {
    return (
      <div
        role="status"
        className="rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-emerald-950"
      >
        <p className="font-semibold">Your password is changed</p>
        <p className="mt-2 text-sm">
          Sign in with your new password. For your safety we signed your account out everywhere
          else.
        </p>
        <Link to={paths.login()} className={buttonClasses({ className: 'mt-4' })}>
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        isPending={resetPassword.isPending && !failure}
      >
        Save my new password
      </Button>
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={resetPassword.isPending} />
      <p className="pt-4 text-sm text-stone-700">
        Changed your mind?{' '}
        <Link
          to={paths.login()}
          className="font-semibold text-navy-700 underline underline-offset-2"
        >
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
