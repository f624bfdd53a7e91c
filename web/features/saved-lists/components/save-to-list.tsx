import { type FormEvent, useState } from 'react';
import type { AddToListBody } from '#contract/saved-lists.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormError, SelectField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { useAddToList, useCreateList, useSavedListsPage } from '../api/saved-lists.ts';

const NEW_LIST = 'new';

/**
 * "Save to list": adds tools (a tool page's quantity, the whole cart, an order's lines) to one of
 * the caller's lists they may change, or to a new one named here.
 */
export function SaveToListButton({
  what,
  source,
  size = 'md',
  className,
}: {
  /** What is saved, for the dialog's words: "this tool", "your cart", "this order". */
  what: string;
  /** Read when the buyer saves (a tool page's quantity may have changed meanwhile). */
  source: () => AddToListBody;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size={size} className={className} onClick={() => setIsOpen(true)}>
        Save to list
      </Button>
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} title={`Save ${what} to a list`}>
        {isOpen && <SaveToListForm source={source} onDone={() => setIsOpen(false)} />}
      </Dialog>
    </>
  );
}

function SaveToListForm({ source, onDone }: { source: () => AddToListBody; onDone: () => void }) {
  const toast = useToast();
  const lists = useSavedListsPage({ limit: 50, offset: 0 });
  const create = useCreateList();
  const add = useAddToList();
  const changeable = (lists.data?.lists ?? []).filter((list) => list.canChange);
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = choice ?? changeable[0]?._id ?? NEW_LIST;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const listId =
        chosen === NEW_LIST ? (await create.mutateAsync({ name: name.trim() }))._id : chosen;
      const { list, notAdded } = await add.mutateAsync({ id: listId, body: source() });
      const left = notAdded.map((tool) => tool.name).join(', ');
      toast.success(`Saved to ${list.name}.${left ? ` Not added (no longer sold): ${left}.` : ''}`);
      onDone();
    } catch (error) {
      setFailure(`Nothing was saved. ${errorMessage(error)}`);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-4">
      <SelectField label="List" value={chosen} onChange={(event) => setChoice(event.target.value)}>
        {changeable.map((list) => (
          <option key={list._id} value={list._id}>
            {list.name}
            {list.isShared ? ' (shared)' : ''}
          </option>
        ))}
        <option value={NEW_LIST}>A new list…</option>
      </SelectField>
      {chosen === NEW_LIST && (
        <TextField
          label="Name of the new list"
          required
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      )}
      <FormError>{failure}</FormError>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          isPending={create.isPending || add.isPending}
          disabled={chosen === NEW_LIST && name.trim() === ''}
        >
          Save
        </Button>
      </div>
    </form>
  );
}
