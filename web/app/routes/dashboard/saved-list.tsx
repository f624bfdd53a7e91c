import { useId } from 'react';
import { Link, type MetaArgs, useParams } from 'react-router';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useAddressBook } from '#web/features/addresses/api/address-book.ts';
import { mergedLineSentence } from '#web/features/cart/utils/merge-report.ts';
import { useSavedList } from '#web/features/saved-lists/api/saved-lists.ts';
import { SavedListView } from '#web/features/saved-lists/components/saved-list-view.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Saved list', path: location.pathname, noIndex: true });

/** One saved list: its tools, and the whole list into the cart (each line's outcome said). */
export function SavedListPage() {
  const { id = '' } = useParams();
  const list = useSavedList(id);
  const book = useAddressBook();
  const titleId = useId();
  usePageTitle(list.data?.name ?? 'Saved list');
  return (
    <>
      <PageHeading
        title={list.data?.name ?? 'Saved list'}
        titleId={titleId}
        description={
          <Link to={paths.savedLists()} className="font-semibold text-navy-700 underline">
            All saved lists
          </Link>
        }
      />
      <QueryView
        query={list}
        loadingLabel="Loading the list…"
        errorTitle="We could not load this list"
      >
        {(data) => (
          <SavedListView
            list={data}
            titleId={titleId}
            canShare={book.data?.owner === 'company'}
            describeMerged={mergedLineSentence}
          />
        )}
      </QueryView>
    </>
  );
}

export default SavedListPage;
