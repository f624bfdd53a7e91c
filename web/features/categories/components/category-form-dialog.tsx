import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type Category, MAX_CATEGORY_DEPTH } from '#contract/categories.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SelectField, SubmitError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useCreateCategory, useUpdateCategory } from '../api/category-mutations.ts';
import {
  CATEGORY_FORM_FIELDS,
  type CategoryFormInput,
  type CategoryFormOutput,
  categoryFormSchema,
  slugFrom,
  subtreeOf,
} from '../utils/category-form-schema.ts';

/** Adding a category (`category` null), or changing and moving one. */
export type CategoryEdit = { category: Category | null };

const OUTCOME = {
  notDone: 'Nothing was changed.',
  unknown: 'We cannot tell whether the category was saved: look for it in the list first.',
};

/** Where a category may go: not under itself or below it, nor deeper than three levels. */
function parentChoices(tree: readonly Category[], category: Category | null): Category[] {
  if (!category) return tree.filter((at) => at.depth < MAX_CATEGORY_DEPTH);
  const own = subtreeOf(tree, category._id);
  const height =
    Math.max(...tree.filter((at) => own.has(at._id)).map((at) => at.depth)) - category.depth + 1;
  return tree.filter((at) => !own.has(at._id) && at.depth + height <= MAX_CATEGORY_DEPTH);
}

export function CategoryFormDialog({
  tree,
  edit,
  onClose,
  onSaved,
}: {
  tree: readonly Category[];
  edit: CategoryEdit | null;
  onClose: () => void;
  onSaved: (category: Category, isNew: boolean) => void;
}) {
  const category = edit?.category ?? null;
  return (
    <Dialog
      open={edit !== null}
      onClose={onClose}
      title={category ? `Edit ${category.name}` : 'Add a category'}
      size="lg"
    >
      {edit && (
        <CategoryForm
          key={category?._id ?? 'new'}
          tree={tree}
          category={category}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function CategoryForm({
  tree,
  category,
  onCancel,
  onSaved,
}: {
  tree: readonly Category[];
  category: Category | null;
  onCancel: () => void;
  onSaved: (category: Category, isNew: boolean) => void;
}) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const mutation = category ? update : create;
  const form = useForm<CategoryFormInput, unknown, CategoryFormOutput>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      parentId: category?.parentId ?? '',
      position: '0',
    },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, CATEGORY_FORM_FIELDS, OUTCOME);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const done = {
      onSuccess: (saved: Category) => {
        clear();
        onSaved(saved, !category);
      },
      onError: fail,
    };
    if (!category) {
      create.mutate({ ...values, img: null }, done);
      return;
    }
    const { position, ...rest } = values;
    const changes = Object.fromEntries(
      Object.entries(rest).filter(([field, value]) => value !== category[field as keyof Category]),
    );
    // The tree does not carry positions: a position is sent when the admin typed one.
    if (form.formState.dirtyFields.position) Object.assign(changes, { position });
    if (Object.keys(changes).length === 0) {
      onCancel();
      return;
    }
    update.mutate({ id: category._id, body: changes }, done);
  });

  const nameField = form.register('name', {
    onBlur: (event: { target: { value: string } }) => {
      if (!category && form.getValues('slug') === '') {
        form.setValue('slug', slugFrom(event.target.value), { shouldValidate: true });
      }
    },
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" error={errors.name?.message} {...nameField} />
      <TextField
        label="Address (slug)"
        autoComplete="off"
        spellCheck={false}
        hint={
          category
            ? 'Changing it changes the page’s address.'
            : 'Made from the name; change it if you like.'
        }
        error={errors.slug?.message}
        {...form.register('slug')}
      />
      <SelectField
        label="Parent category"
        className="sm:col-span-2"
        hint={`Categories go at most ${MAX_CATEGORY_DEPTH} levels deep; a category moves with everything below it.`}
        error={errors.parentId?.message}
        {...form.register('parentId')}
      >
        <option value="">None: a top-level category</option>
        {parentChoices(tree, category).map((at) => (
          <option key={at._id} value={at._id}>
            {`${'\u00a0\u00a0'.repeat(at.depth - 1)}${at.name}`}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Description (optional)"
        className="sm:col-span-2"
        rows={3}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <TextField
        label="Position among its siblings"
        inputMode="numeric"
        hint="Lower comes first; equal positions go by name."
        error={errors.position?.message}
        {...form.register('position')}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={mutation.isPending} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
            Close
          </Button>
          <Button type="submit" variant="secondary" isPending={mutation.isPending}>
            {category ? 'Save changes' : 'Add category'}
          </Button>
        </div>
      </div>
    </form>
  );
}
