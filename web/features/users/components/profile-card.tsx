import type { UserDetails } from '#contract/users.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Badge } from '#web/components/ui/badge.tsx';

function Detail({
  label,
  value,
  isLink = false,
}: {
  label: string;
  value: string | null;
  isLink?: boolean;
}) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 text-sm text-stone-900 sm:col-span-2 sm:mt-0">
        {!value ? (
          <span className="text-stone-600 italic">Not added yet</span>
        ) : isLink ? (
          <a
            href={value}
            className="font-medium text-navy-700 underline underline-offset-2 hover:text-navy-900"
            rel="noopener noreferrer"
            target="_blank"
          >
            {value}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

export function ProfileCard({ details }: { details: UserDetails }) {
  return (
    <section
      aria-labelledby="profile-card-title"
      className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-center gap-4">
        <Avatar
          name={details.name}
          photo={details.image}
          size="lg"
          className="ring-2 ring-orange-200"
        />
        <div className="min-w-0">
          <h2 id="profile-card-title" className="text-xl font-bold text-navy-900">
            {details.name}
          </h2>
          <p className="text-sm break-all text-stone-600">{details.email}</p>
          <div className="mt-2">
            <Badge tone={details.role === 'Admin' ? 'brand' : 'neutral'}>
              {details.role === 'Admin' ? 'Admin' : 'Customer'}
            </Badge>
          </div>
        </div>
      </div>
      <dl className="mt-6 divide-y divide-stone-100 border-t border-stone-100">
        <Detail label="Phone" value={details.phone} />
        <Detail label="LinkedIn" value={details.linkedin} isLink />
        <Detail label="Education" value={details.education} />
      </dl>
    </section>
  );
}
