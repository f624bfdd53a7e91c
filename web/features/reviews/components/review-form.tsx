import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type CreateReviewBody,
  CreateReviewBodySchema,
  type Review,
} from '../../../../contract/reviews.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError, SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useCreateReview } from '../api/reviews.ts';

const RATING_LABELS = ['1 – Poor', '2 – Fair', '3 – Good', '4 – Very good', '5 – Excellent'];
const FIELDS = ['review', 'rating'] as const;

export function ReviewForm({ onPosted }: { onPosted: (review: Review) => void }) {
  const createReview = useCreateReview();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateReviewBody>({
    resolver: zodResolver(CreateReviewBodySchema),
    defaultValues: { review: '', rating: 5 },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    setFormError(null);
    createReview.mutate(body, {
      onSuccess: (review) => {
        form.reset();
        onPosted(review);
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, FIELDS)) setFormError(errorMessage(error));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextAreaField
        label="Your review"
        rows={5}
        maxLength={1000}
        hint="Plain text, 3 to 1,000 characters. Your name is shown with it."
        error={errors.review?.message}
        {...form.register('review')}
      />
      <SelectField
        label="Rating"
        error={errors.rating?.message}
        className="sm:w-64"
        {...form.register('rating', { valueAsNumber: true })}
      >
        {RATING_LABELS.map((label, index) => (
          <option key={label} value={index + 1}>
            {label}
          </option>
        ))}
      </SelectField>
      <FormError>{formError}</FormError>
      <Button type="submit" size="lg" isPending={createReview.isPending}>
        Submit review
      </Button>
    </form>
  );
}
