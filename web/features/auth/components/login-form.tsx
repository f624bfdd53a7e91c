import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { EmailSchema } from '#contract/common.ts';
import type { SessionUser } from '#contract/session.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import * as paths from '#web/lib/paths.ts';
import { type SignInBody, useSignIn } from '../api/auth-mutations.ts';
import { authErrorMessage } from '../utils/describe-auth-error.ts';

const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, { error: 'Enter your password.' }),
});

const FIELDS = ['email', 'password'] as const;
const OUTCOME = { notDone: '', unknown: 'Check your connection, then try again.' };

export function LoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser | null) => void }) {
  const signIn = useSignIn(onSignedIn);
  const form = useForm<SignInBody>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(
    form.setError,
    FIELDS,
    OUTCOME,
    authErrorMessage,
  );
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    signIn.mutate(body, { onSuccess: clear, onError: fail }),
  );

  return (
    <form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <p className="mt-2 text-right text-sm">
          <Link
            to={paths.forgotPassword()}
            className="font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900"
          >
            Forgot password?
          </Link>
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" isPending={signIn.isPending && !failure}>
        Sign in
      </Button>
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={signIn.isPending} />
    </form>
  );
}
