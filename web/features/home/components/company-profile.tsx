interface ProfileContent {
  title: string;
  text: string;
  facts: readonly { label: string; value: string }[];
}

export function CompanyProfile({ content }: { content: ProfileContent }) {
  return (
    <section
      aria-labelledby="company-profile-title"
      className="rounded-2xl bg-navy-900 px-6 py-10 text-white sm:px-10"
    >
      <div className="on-dark grid gap-8 lg:grid-cols-[1fr_2fr] lg:items-start">
        <div>
          <h2 id="company-profile-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {content.title}
          </h2>
          <p className="mt-3 text-stone-200">{content.text}</p>
        </div>
        <dl className="grid gap-px overflow-hidden rounded-xl bg-white/10 sm:grid-cols-2 lg:grid-cols-3">
          {content.facts.map((fact) => (
            <div key={fact.label} className="bg-navy-900 p-5">
              <dt className="text-xs font-semibold tracking-wider text-orange-300 uppercase">
                {fact.label}
              </dt>
              <dd className="mt-1 text-lg font-semibold">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
