import { useId } from 'react';
import type { MetaArgs } from 'react-router';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useAddressBook } from '#web/features/addresses/api/address-book.ts';
import { AddressBookView } from '#web/features/addresses/components/address-book-view.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Address book', path: location.pathname, noIndex: true });

/** The delivery addresses checkout offers: the company's, or the customer's own. */
export function AddressBookPage() {
  const book = useAddressBook();
  const titleId = useId();
  return (
    <>
      <PageHeading title="Address book" description="Where your tools go." titleId={titleId} />
      <QueryView
        query={book}
        loadingLabel="Loading the address book…"
        errorTitle="We could not load the address book"
      >
        {(data) => <AddressBookView book={data} titleId={titleId} />}
      </QueryView>
    </>
  );
}

export default AddressBookPage;
