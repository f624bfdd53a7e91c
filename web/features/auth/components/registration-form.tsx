import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, NewPasswordSchema } from '#contract/auth.ts';
import { EmailSchema } from '#contract/common.ts';
import { NameSchema } from '#contract/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useSignUp } from '../api/auth-mutations.ts';
import { authErrorMessage } from '../utils/describe-auth-error.ts';
import { ConfirmPasswordSchema, PASSWORDS_DONT_MATCH } from '../utils/password-schema.ts';

const RegistrationSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: PASSWORDS_DONT_MATCH,
  });
type RegistrationValues = z.infer<typeof RegistrationSchema>;
const FIELDS = ['name', 'email', 'password'] as const;
const OUTCOME = {
  notDone: '',
  unknown:
    'If your account was made, a confirmation email is on its way. Trying again is safe: it never makes a second account.',
};

/** `onRegistered` gets the email the confirmation link went to. */
export function RegistrationForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const signUp = useSignUp();
  const form = useForm<RegistrationValues>({
    resolver: zodResolver(RegistrationSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const { failure, fail } = useSubmitFailure(form.setError, FIELDS, OUTCOME, authErrorMessage);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ name, email, password }) =>
    signUp.mutate(
      { name, email, password },
      {
        onSuccess: onRegistered,
        onError: fail,
      },
    ),
  );

  return (
    <form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" isPending={signUp.isPending && !failure}>
        Create account
      </Button>
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={signUp.isPending} />
    </form>
  );
}
