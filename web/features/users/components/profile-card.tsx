import type { UserDetails } from '#contract/users.ts';
import { Badge } from '#web/components/ui/badge.tsx';

const DEFAULT_AVATAR = '/images/avatar-default.svg';

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
        <img
          src={details.image ?? DEFAULT_AVATAR}
          alt=""
          width={80}
          height={80}
          className="size-20 rounded-full bg-stone-100 object-cover ring-2 ring-orange-200"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR))
              event.currentTarget.src = DEFAULT_AVATAR;
          }}
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
