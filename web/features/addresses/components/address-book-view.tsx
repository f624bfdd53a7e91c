import { useState } from 'react';
import type { Address, AddressBook } from '#contract/addresses.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '#web/components/ui/dialog.tsx';
import { EmptyState } from '#web/components/ui/state.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { useFocusTitleWhenRemoved } from '#web/lib/use-focus-title.ts';
import { useDeleteAddress, useMakeDefaultAddress } from '../api/address-book.ts';
import { AddressForm } from './address-form.tsx';
import { AddressText } from './address-text.tsx';

/** Whose book it is and what the reader may do with it, in a sentence. */
function bookNote(book: AddressBook): string {
  if (book.owner === 'personal')
    return 'Your own delivery addresses. Checkout offers them, the default first.';
  const whose = `The delivery addresses of ${book.companyName ?? 'your company'}, shared by its members.`;
  return book.canChange
    ? `${whose} Checkout offers them, the default first.`
    : `${whose} Only the company's owner and buyers can change them.`;
}

function AddressCard({
  address,
  canChange,
  onEdit,
  onDelete,
}: {
  address: Address;
  canChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const toast = useToast();
  const makeDefault = useMakeDefaultAddress();
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4 shadow-xs">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-bold text-navy-900 wrap-anywhere">{address.label}</h3>
        {address.isDefault && <Badge tone="success">Default</Badge>}
      </div>
      <AddressText address={address} />
      {canChange && (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${address.label}`}>
            Edit
          </Button>
          {!address.isDefault && (
            <Button
              size="sm"
              variant="outline"
              isPending={makeDefault.isPending}
              aria-label={`Make default: ${address.label}`}
              onClick={() =>
                makeDefault.mutate(address._id, {
                  onSuccess: () => toast.success(`${address.label} is now the default address.`),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            >
              Make default
            </Button>
          )}
          <Button
            size="sm"
            variant="danger-outline"
            onClick={onDelete}
            aria-label={`Delete ${address.label}`}
          >
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

/** The address book: its addresses as cards, and adding, editing, deleting for those who may. */
export function AddressBookView({
  book,
  titleId,
}: {
  book: AddressBook;
  /** The page's title, which takes focus once a deleted address's card (and its button) is gone. */
  titleId: string;
}) {
  const toast = useToast();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Address | null>(null);
  // Deleting takes the address's card, and the button that had the keyboard, with it.
  const markDeleted = useFocusTitleWhenRemoved(
    book.addresses,
    (address) => address._id,
    titleId,
    toDelete !== null,
  );
  const isFull = book.addresses.length >= book.max;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-700">{bookNote(book)}</p>
        {book.canChange && (
          <Button onClick={() => setEditing('new')} disabled={isFull}>
            Add address
          </Button>
        )}
      </div>
      {isFull && (
        <p className="text-sm text-amber-900">
          The book holds {book.max} addresses, the most it may: delete one to add another.
        </p>
      )}
      {book.addresses.length === 0 ? (
        <EmptyState title="No addresses yet">
          {book.canChange
            ? 'Add the places you have tools delivered to, or save one when you check out.'
            : "The company's owner or buyers add its addresses."}
        </EmptyState>
      ) : (
        <ul aria-label="Addresses" className="grid gap-4 md:grid-cols-2">
          {book.addresses.map((address) => (
            <AddressCard
              key={address._id}
              address={address}
              canChange={book.canChange}
              onEdit={() => setEditing(address)}
              onDelete={() => setToDelete(address)}
            />
          ))}
        </ul>
      )}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add an address' : 'Edit the address'}
        size="lg"
      >
        {editing !== null && (
          <AddressForm
            address={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              toast.success(`${saved.label} is saved in the address book.`);
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this address?"
        message={`${toDelete?.label ?? ''} leaves the address book. Orders already placed to it keep their copy.`}
        confirmLabel="Delete address"
        isPending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete._id, {
            onSuccess: () => {
              toast.success(`${toDelete.label} was deleted.`);
              markDeleted(toDelete._id);
              setToDelete(null);
            },
            onError: (error) => toast.error(errorMessage(error)),
          });
        }}
      />
    </div>
  );
}
