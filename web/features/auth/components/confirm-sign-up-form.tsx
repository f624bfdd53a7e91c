import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextField } from '#web/components/ui/field.tsx';
import { isApiError } from '#web/lib/api-error.ts';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import * as paths from '#web/lib/paths.ts';
import { useConfirmSignUp } from '../api/auth-mutations.ts';
import { authErrorMessage } from '../utils/describe-auth-error.ts';

const ConfirmSchema = z.object({
  password: z.string().min(1, { error: 'Enter the password you chose when you signed up.' }),
});
type ConfirmValues = z.infer<typeof ConfirmSchema>;
const FIELDS = ['password'] as const;
const OUTCOME = {
  notDone: 'Your email is not confirmed yet.',
  unknown: 'Your email may be confirmed: try again, or sign in with your password.',
};

/**
 * The link's token proves the mailbox; the password chosen at sign-up says which sign-up is this
 * person's (docs/decisions/030). Confirmed, they are signed in.
 */
export function ConfirmSignUpForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmSignUp();
  const form = useForm<ConfirmValues>({
    resolver: zodResolver(ConfirmSchema),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(
    form.setError,
    FIELDS,
    OUTCOME,
    authErrorMessage,
  );
  const onSubmit = form.handleSubmit(({ password }) =>
    confirm.mutate(
      { token, password },
      {
        onSuccess: () => navigate(paths.emailVerified(), { replace: true }),
        onError: (error) => {
          if (isApiError(error) && error.code === 'invalid_token') {
            navigate(paths.emailVerified({ error: 'invalid_token' }), { replace: true });
          } else if (isApiError(error) && error.code === 'wrong_sign_up_password') {
            clear();
            form.setError('password', { message: authErrorMessage(error) }, { shouldFocus: true });
          } else {
            fail(error);
          }
        },
      },
    ),
  );

  return (
    <form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        hint="The password you chose when you signed up."
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" className="w-full" isPending={confirm.isPending && !failure}>
        Confirm my email
      </Button>
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={confirm.isPending} />
    </form>
  );
}
