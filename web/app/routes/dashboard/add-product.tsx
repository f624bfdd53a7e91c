import type { MetaArgs } from 'react-router';
import { Link } from 'react-router';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useCategories } from '#web/features/categories/api/categories-queries.ts';
import { AddToolForm } from '#web/features/tools/components/add-tool-form.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Add tool', path: location.pathname, noIndex: true });

export function AddProductPage() {
  const toast = useToast();
  // Without the tree (still loading, or failed) the tool can still be added, in no category.
  const categories = useCategories();
  return (
    <>
      <PageHeading
        title="Add a tool"
        description={
          <>
            New tools appear first among the newest on the home page. Edit or restock them in{' '}
            <Link to={paths.manageProducts()} className="font-semibold text-navy-700 underline">
              Manage tools
            </Link>
            .
          </>
        }
      />
      <div className="max-w-3xl rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
        <AddToolForm
          categories={categories.data ?? []}
          onAdded={(tool) => toast.success(`${tool.name} is added to the catalogue.`)}
        />
      </div>
    </>
  );
}

export default AddProductPage;
