import { useState } from 'react';
import type { ManagedReview } from '#contract/reviews.ts';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useUrlList } from '#web/lib/url-list.ts';
import { useDeleteReview, useMyReviews } from '../api/reviews.ts';
import { ManagedReviewList } from './managed-review-list.tsx';
import { ReviewActionDialog } from './review-action-dialog.tsx';

const PAGE_SIZE = 20;

/** The signed-in customer's own reviews, each with Delete (after a confirmation). */
export function MyReviews({ titleId }: { titleId: string }) {
  const list = useUrlList(PAGE_SIZE);
  const reviews = useMyReviews({ limit: PAGE_SIZE, offset: list.offset });
  const remove = useDeleteReview();
  const toast = useToast();
  const [deleting, setDeleting] = useState<ManagedReview | null>(null);
  const close = () => {
    setDeleting(null);
    remove.reset();
  };
  return (
    <>
      <QueryView
        query={reviews}
        loadingLabel="Loading your reviews…"
        errorTitle="We could not load your reviews"
        isEmpty={(data) => data.reviews.length === 0}
        emptyTitle="You have not written a review yet"
      >
        {(data) => (
          <>
            <ManagedReviewList
              reviews={data.reviews}
              label="Your reviews, newest first"
              showAuthor={false}
              onDelete={setDeleting}
            />
            <Pagination
              page={list.page}
              pageCount={Math.ceil(data.total / PAGE_SIZE)}
              hrefFor={list.hrefFor}
              label="Pages of your reviews"
            />
          </>
        )}
      </QueryView>
      <ReviewActionDialog
        pending={deleting && { review: deleting, action: 'delete' }}
        isOwn
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, {
            onSuccess: () => {
              setDeleting(null);
              toast.success('Your review is deleted.');
              document.getElementById(titleId)?.focus();
            },
          });
        }}
        onClose={close}
      />
    </>
  );
}
