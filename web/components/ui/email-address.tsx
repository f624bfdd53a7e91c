import { Fragment } from 'react';

/**
 * An email address that may wrap only after its `@` or before a `.`, within a cell or line too
 * narrow for it: never mid-word, nor at a hyphen. Each part is one box that moves to the next line
 * whole; a part longer than the whole line (`a-very-long-name-of-someone@`) ends in an ellipsis
 * rather than reach past the screen's edge, the whole address still its text and its title. The
 * parts stay inline (boxes of their own would be read as separate words).
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span
      className={`inline-block max-w-full overflow-hidden text-ellipsis align-bottom ${className ?? ''}`}
      title={email}
    >
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
