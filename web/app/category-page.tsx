import { Breadcrumbs } from '#web/components/ui/breadcrumbs.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import {
  type CategoryPlace,
  useCategoryPlace,
} from '#web/features/categories/api/categories-queries.ts';
import * as paths from '#web/lib/paths.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { CatalogueView } from './layouts/catalogue-view.tsx';
import { PageContainer } from './layouts/page-container.tsx';

/** The trail as breadcrumbs name it: Home, Tools, each category down to this one. */
export function crumbsOf(trail: CategoryPlace['trail']) {
  return [
    { name: 'Home', path: paths.home() },
    { name: 'Tools', path: paths.tools() },
    ...trail.map((category) => ({ name: category.name, path: paths.category(category.slug) })),
  ];
}

/**
 * A category's public page: where it sits, the categories below it, and its tools, filtered. The
 * same in the app and in the page's island (web/islands/client.tsx).
 */
export function CategoryPage({ slug }: { slug: string }) {
  const place = useCategoryPlace(slug);
  const trail = place.data?.trail ?? [];
  const category = place.data?.category;
  usePageTitle(category?.name ?? 'Category');

  return (
    <PageContainer>
      <Breadcrumbs
        trail={crumbsOf(trail).map((crumb, index, all) => ({
          label: crumb.name,
          to: index < all.length - 1 ? crumb.path : undefined,
        }))}
      />
      <QueryView
        query={place}
        loadingLabel="Loading the category…"
        errorTitle="We could not load this category"
        isEmpty={() => category === undefined}
        emptyTitle="There is no such category"
      >
        {() =>
          category && (
            <>
              <PageHeading
                eyebrow="Category"
                title={category.name}
                description={category.description || undefined}
              />
              <CatalogueView category={category} subcategories={place.data?.children} />
            </>
          )
        }
      </QueryView>
    </PageContainer>
  );
}
