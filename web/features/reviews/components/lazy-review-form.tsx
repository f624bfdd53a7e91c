import { lazyPart } from '#web/components/ui/lazy-part.tsx';

/**
 * The review form (react-hook-form and the review's schema), its code loaded when it shows: on a
 * tool's page only for a buyer who may post, so a first visit does not carry it (bench/README.md,
 * "Interactive at once"), and on the account's review page. Both show it through this one part:
 * a static import of the form anywhere would keep its code out of a chunk of its own.
 */
export const ReviewForm = lazyPart(() => import('./review-form.tsx').then((m) => m.ReviewForm), {
  loading: 'Loading the review form…',
  failed: 'We could not load the review form',
});
