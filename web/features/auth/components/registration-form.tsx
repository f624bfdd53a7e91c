import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, NewPasswordSchema } from '../../../../contract/auth.ts';
import { EmailSchema } from '../../../../contract/common.ts';
import { NameSchema } from '../../../../contract/users.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useSignUp } from '../api/auth-mutations.ts';
import { ConfirmPasswordSchema, PASSWORDS_DONT_MATCH } from '../utils/password-schema.ts';
import { AuthError } from './auth-error.tsx';

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

/** `onRegistered` gets the email the confirmation link went to. */
export function RegistrationForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const signUp = useSignUp();
  const form = useForm<RegistrationValues>({
    resolver: zodResolver(RegistrationSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ name, email, password }) =>
        signUp.mutate(
          { name, email, password },
          {
            onSuccess: onRegistered,
            onError: (error) => applyServerErrors(error, form.setError, FIELDS),
          },
        ),
      )}
    >
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
      <Button type="submit" size="lg" className="w-full" isPending={signUp.isPending}>
        Create account
      </Button>
      <AuthError error={signUp.error} />
    </form>
  );
}
