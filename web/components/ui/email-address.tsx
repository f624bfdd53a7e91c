import { Fragment } from 'react';

/**
 * An email address that may wrap only after its `@` or before a `.`, within a cell or line too
 * narrow for it: never mid-word, nor at a hyphen.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className={className}>
      {parts.map((part, index) => (
        // Parts of one address never move: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
