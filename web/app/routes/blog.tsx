import type { MetaArgs } from 'react-router';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { type BlogBlock, blog } from '#web/content/blog.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import { PageContainer } from '../layouts/page-container.tsx';
import type { RouteHandle } from '../root.tsx';

/** Text and links only: served as islands (decision 078). */
export const handle: RouteHandle = { islands: { data: 'settings' } };

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Blog', path: location.pathname });

function Block({ block }: { block: BlogBlock }) {
  switch (block.kind) {
    case 'p':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul className="list-disc space-y-2 pl-5 marker:text-orange-600">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'code':
      return (
        <pre className="rounded-lg bg-navy-950 p-4 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-stone-100">
          <code>{block.code}</code>
        </pre>
      );
  }
}

export function BlogPage() {
  return (
    <PageContainer>
      <PageHeading eyebrow="Blog" title={blog.title} description={blog.intro} />
      <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Questions" className="lg:sticky lg:top-6 lg:self-start">
          <p className="mb-3 text-xs font-bold tracking-wider text-stone-600 uppercase">
            In this post
          </p>
          <ol className="space-y-2 text-sm">
            {blog.posts.map((post, index) => (
              <li key={post.slug}>
                <a
                  href={`#${post.slug}`}
                  className="flex gap-2 text-navy-700 hover:text-navy-900 hover:underline"
                >
                  {/* A fixed width that never shrinks: "10." stays whole, and every question
                      starts at the same place. */}
                  <span
                    aria-hidden="true"
                    className="w-7 shrink-0 text-right font-bold whitespace-nowrap text-orange-700 tabular-nums"
                  >
                    {index + 1}.
                  </span>
                  <span className="min-w-0">{post.question}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0 space-y-8">
          {blog.posts.map((post) => (
            <article
              key={post.slug}
              id={post.slug}
              aria-labelledby={`${post.slug}-title`}
              className="scroll-mt-6 rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <h2 id={`${post.slug}-title`} className="text-xl font-bold text-navy-900 sm:text-2xl">
                {post.question}
              </h2>
              <p className="mt-2 font-medium text-orange-800">{post.summary}</p>
              <div className="mt-5 space-y-4 leading-relaxed text-stone-700">
                {post.blocks.map((block, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
                  <Block key={index} block={block} />
                ))}
              </div>
            </article>
          ))}
        </div>
      </div>
    </PageContainer>
  );
}

export default BlogPage;
