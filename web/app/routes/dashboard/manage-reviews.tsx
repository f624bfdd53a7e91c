import { useId, useState } from 'react';
import { Form, Link, type MetaArgs } from 'react-router';
import { formatCount } from '#contract/format.ts';
import type { ManagedReview } from '#contract/reviews.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField } from '#web/components/ui/field.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import {
  useAllReviews,
  useDeleteReview,
  useSetReviewHidden,
} from '#web/features/reviews/api/reviews.ts';
import { ManagedReviewList } from '#web/features/reviews/components/managed-review-list.tsx';
import {
  type ReviewAction,
  ReviewActionDialog,
} from '#web/features/reviews/components/review-action-dialog.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import { countSentence, useUrlList } from '#web/lib/url-list.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Manage reviews', path: location.pathname, noIndex: true });

const PAGE_SIZE = 50;
const SHOWING = { '': 'Every review', false: 'Shown reviews', true: 'Hidden reviews' } as const;

export function ManageReviewsPage() {
  const list = useUrlList(PAGE_SIZE);
  const typed = list.get('hidden');
  const hidden = typed === 'true' || typed === 'false' ? typed : undefined;
  const reviews = useAllReviews({ hidden, limit: PAGE_SIZE, offset: list.offset });
  const setHidden = useSetReviewHidden();
  const remove = useDeleteReview();
  const toast = useToast();
  const [pending, setPending] = useState<{ review: ManagedReview; action: ReviewAction } | null>(
    null,
  );
  const mutation = pending?.action === 'delete' ? remove : setHidden;
  // Deleting takes the review's card, and the button that had the keyboard, with it.
  const [deletedId, setDeletedId] = useState<string | null>(null);
  const titleId = useId();
  useFocusTitleOnChange(deletedId, titleId, pending !== null);

  const close = () => {
    setPending(null);
    setHidden.reset();
    remove.reset();
  };
  const confirm = () => {
    if (!pending) return;
    const { review, action } = pending;
    const done = (message: string) => () => {
      setPending(null);
      toast.success(message);
    };
    if (action === 'delete') {
      remove.mutate(review, {
        onSuccess: () => {
          setDeletedId(review._id);
          done(`${review.userName}’s review is deleted.`)();
        },
      });
    } else {
      setHidden.mutate(
        { review, hidden: action === 'hide' },
        {
          onSuccess: done(
            action === 'hide'
              ? `${review.userName}’s review is hidden from the store.`
              : `${review.userName}’s review is shown again.`,
          ),
        },
      );
    }
  };

  return (
    <>
      <PageHeading
        title="Manage reviews"
        titleId={titleId}
        description="Every review of the store and of its tools, hidden ones included, newest first. Hide a review to take it off the store at once (the home page, or its tool's page), or delete it for good."
      />
      <Form
        method="get"
        role="search"
        aria-label="Filter reviews"
        key={list.formKey}
        ref={list.formRef}
        onSubmit={list.submit}
        className="mb-6 flex flex-wrap items-end gap-4"
      >
        <SelectField label="Show" name="hidden" defaultValue={hidden ?? ''}>
          {Object.entries(SHOWING).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" worksWithoutScript>
          Filter
        </Button>
        {hidden && (
          <Link
            to="?"
            onClick={list.clearFilters}
            className="py-2 text-sm font-semibold text-navy-700 underline"
          >
            Show every review
          </Link>
        )}
      </Form>
      <QueryView
        query={reviews}
        loadingLabel="Loading reviews…"
        errorTitle="We could not load the reviews"
        isEmpty={(data) => data.reviews.length === 0}
        emptyTitle={
          hidden === 'true'
            ? 'No review is hidden'
            : hidden
              ? 'No review is shown'
              : 'No reviews yet'
        }
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-stone-700" aria-live="polite">
              {countSentence(
                data.total,
                { offset: list.offset, count: data.reviews.length, pageSize: PAGE_SIZE },
                ['review', 'reviews'],
                formatCount,
              )}
            </p>
            <ManagedReviewList
              reviews={data.reviews}
              label={`${SHOWING[hidden ?? '']}, newest first`}
              showAuthor
              onHide={(review) => setPending({ review, action: 'hide' })}
              onShow={(review) => setPending({ review, action: 'show' })}
              onDelete={(review) => setPending({ review, action: 'delete' })}
            />
            <Pagination
              page={list.page}
              pageCount={Math.ceil(data.total / PAGE_SIZE)}
              hrefFor={list.hrefFor}
              label="Pages of reviews"
            />
          </>
        )}
      </QueryView>
      <ReviewActionDialog
        pending={pending}
        isOwn={false}
        isPending={mutation.isPending}
        error={mutation.error}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}

export default ManageReviewsPage;
