import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  type CreateReviewBody,
  CreateReviewBodySchema,
  type ManagedReview,
  type Review,
} from '#contract/reviews.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, SubmitError, TextAreaField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useCreateReview } from '../api/reviews.ts';

const RATING_LABELS = ['1 – Poor', '2 – Fair', '3 – Good', '4 – Very good', '5 – Excellent'];
const OUTCOME = {
  notDone: 'Your review was not saved.',
  unknown:
    'We cannot tell whether your review was saved. Sending it again is safe: you have one review here, and it is replaced.',
};
const FIELDS = ['review', 'rating'] as const;

/**
 * The customer's review: a new one, or theirs to edit (`current`), since each customer has one and
 * posting again edits it.
 */
export function ReviewForm({
  current,
  onPosted,
  toolId,
}: {
  current: ManagedReview | null;
  onPosted: (review: Review) => void;
  /** The tool the review is about; none for a review of the store. */
  toolId?: string;
}) {
  const createReview = useCreateReview(toolId);
  const form = useForm<CreateReviewBody>({
    resolver: zodResolver(CreateReviewBodySchema),
    defaultValues: current
      ? { review: current.review, rating: current.rating }
      : { review: '', rating: 5 },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;

  // Awaited rather than given to mutate(): the page swaps this form for one holding the new review
  // as soon as the reviews are read again, and mutate() drops its callbacks once its form is gone,
  // which would leave the customer without the sentence that says their review was posted.
  const onSubmit = form.handleSubmit(async (body) => {
    let review: Review;
    try {
      review = await createReview.mutateAsync(body);
    } catch (error) {
      fail(error);
      return;
    }
    clear();
    form.reset({ review: review.review, rating: review.rating });
    onPosted(review);
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
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
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={createReview.isPending} />
      <Button type="submit" size="lg" isPending={createReview.isPending}>
        {current ? 'Save changes' : 'Submit review'}
      </Button>
    </form>
  );
}
