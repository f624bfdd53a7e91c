import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  type UpdateProfileBody,
  UpdateProfileBodySchema,
  type UserDetails,
} from '#contract/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useUpdateProfile } from '../api/users.ts';

const OUTCOME = {
  notDone: 'Nothing was saved.',
  unknown: 'Your changes may not be saved yet: try again (saving twice does no harm).',
};
const FIELDS = ['name', 'phone', 'linkedin', 'education'] as const;

export function ProfileForm({ details, onSaved }: { details: UserDetails; onSaved: () => void }) {
  const updateProfile = useUpdateProfile();
  const form = useForm<UpdateProfileBody>({
    resolver: zodResolver(UpdateProfileBodySchema),
    defaultValues: {
      name: details.name,
      email: details.email,
      phone: details.phone ?? '',
      linkedin: details.linkedin ?? '',
      education: details.education ?? '',
    },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    updateProfile.mutate(body, {
      onSuccess: () => {
        clear();
        onSaved();
      },
      onError: (error) => {
        fail(error);
      },
    });
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField label="Email" type="email" readOnly {...form.register('email')} />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextField
        label="LinkedIn profile link"
        type="url"
        placeholder="https://www.linkedin.com/in/your-name"
        error={errors.linkedin?.message}
        {...form.register('linkedin')}
      />
      <TextField
        label="Education"
        className="sm:col-span-2"
        placeholder="e.g. BSc Mechanical Engineering"
        error={errors.education?.message}
        {...form.register('education')}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={updateProfile.isPending} />
        <Button
          type="submit"
          variant="secondary"
          isPending={updateProfile.isPending}
          className="sm:self-start"
        >
          Save profile
        </Button>
      </div>
    </form>
  );
}
