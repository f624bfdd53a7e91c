import type { MetaArgs } from 'react-router';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useAddressBook } from '#web/features/addresses/api/address-book.ts';
import { useSavedListsPage } from '#web/features/saved-lists/api/saved-lists.ts';
import {
  NewListForm,
  SavedListsView,
} from '#web/features/saved-lists/components/saved-lists-view.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import { useUrlList } from '#web/lib/url-list.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Saved lists', path: location.pathname, noIndex: true });

const PAGE_SIZE = 20;

/** The customer's saved lists and their company's shared ones, a page at a time. */
export function SavedListsPage() {
  const { page, offset, hrefFor } = useUrlList(PAGE_SIZE);
  const lists = useSavedListsPage({ limit: PAGE_SIZE, offset });
  // The address book says whose it is: a person in a company may share lists with it.
  const book = useAddressBook();
  return (
    <>
      <PageHeading
        title="Saved lists"
        description="Tools and quantities you order again and again: a site kit, a monthly restock."
      />
      <div className="space-y-6">
        <NewListForm canShare={book.data?.owner === 'company'} />
        <QueryView
          query={lists}
          loadingLabel="Loading your lists…"
          errorTitle="We could not load your lists"
        >
          {(data) => (
            <>
              <SavedListsView lists={data.lists} />
              <Pagination
                page={page}
                pageCount={Math.ceil(data.total / PAGE_SIZE)}
                hrefFor={hrefFor}
                label="Pages of saved lists"
              />
            </>
          )}
        </QueryView>
      </div>
    </>
  );
}

export default SavedListsPage;
