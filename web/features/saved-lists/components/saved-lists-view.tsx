import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '#contract/dates.ts';
import type { SavedListSummary } from '#contract/saved-lists.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, TextField } from '#web/components/ui/field.tsx';
import { EmptyState } from '#web/components/ui/state.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import * as paths from '#web/lib/paths.ts';
import { useCreateList } from '../api/saved-lists.ts';

/** Making a list: a name, and whether the company shares it (only for a person in one). */
export function NewListForm({ canShare }: { canShare: boolean }) {
  const create = useCreateList();
  const [name, setName] = useState('');
  const [isShared, setIsShared] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    create.mutate(
      { name: name.trim(), ...(isShared ? { isShared } : {}) },
      {
        onSuccess: () => setName(''),
        onError: (error) => setFailure(`The list was not made. ${errorMessage(error)}`),
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:flex-row sm:items-end"
    >
      <TextField
        label="New list"
        placeholder="Site kit, monthly restock…"
        maxLength={80}
        value={name}
        onChange={(event) => setName(event.target.value)}
        className="grow"
      />
      {canShare && (
        <label className="flex items-center gap-2 text-sm text-stone-800 sm:pb-2">
          <input
            type="checkbox"
            checked={isShared}
            onChange={(event) => setIsShared(event.target.checked)}
            className="size-4 accent-navy-700"
          />
          Share with my company
        </label>
      )}
      <Button type="submit" isPending={create.isPending} disabled={name.trim() === ''}>
        Make list
      </Button>
      <div className="empty:hidden sm:basis-full">
        <FormError>{failure}</FormError>
      </div>
    </form>
  );
}

/** The caller's lists and their company's, each a link to its page. */
export function SavedListsView({ lists }: { lists: readonly SavedListSummary[] }) {
  if (lists.length === 0)
    return (
      <EmptyState title="No saved lists yet">
        Make one here, or press “Save to list” on a tool, your cart or an order.
      </EmptyState>
    );
  return (
    <ul
      aria-label="Saved lists"
      className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
    >
      {lists.map((list) => (
        <li key={list._id} className="flex flex-wrap items-center justify-between gap-2 p-4">
          <div className="min-w-0">
            <Link
              to={paths.savedList(list._id)}
              className="font-semibold text-navy-800 underline underline-offset-2 wrap-anywhere"
            >
              {list.name}
            </Link>
            <p className="text-sm text-stone-600">
              {list.lineCount} {list.lineCount === 1 ? 'tool' : 'tools'} · changed{' '}
              {formatDate(list.updatedAt)}
              {list.maker.isCaller ? '' : ` · by ${list.maker.name}`}
            </p>
          </div>
          {list.isShared && <Badge tone="info">Shared with the company</Badge>}
        </li>
      ))}
    </ul>
  );
}
