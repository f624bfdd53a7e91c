import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { NETWORK_ERROR_DETAIL } from '#web/lib/api-error.ts';
import { LoadingState } from './spinner.tsx';
import { ErrorState } from './state.tsx';

/** A part's code did not arrive. */
class CodeNotLoaded extends Error {}

/**
 * Shows `fallback` in place of its children once their code did not load. Anything else they throw
 * (a fault in the part itself) goes on to the page's own error boundary, as it would without this.
 */
class Failed extends Component<{ fallback: ReactNode; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof CodeNotLoaded) return this.props.fallback;
    throw error;
  }
}

/**
 * A part of a page whose code loads when it shows (decision 073): its loading state while the code
 * comes and, should it not come (the connection dropped, or a newer version of the store replaced
 * the file), a sentence with "Try again" in its place, the rest of the page staying as it is.
 * `preload` fetches the code ahead, beside the data the part will show.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  words: { loading: string; failed: string },
): ComponentType<P> & { preload: () => void } {
  // React keeps a lazy component's failure: trying again takes a new one.
  const fresh = () =>
    lazy(() =>
      load().then(
        (loaded) => ({ default: loaded }),
        (error: unknown) => {
          throw new CodeNotLoaded(String(error));
        },
      ),
    );
  let Loaded = fresh();
  function LazyPart(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Loaded = fresh();
      setAttempt((n) => n + 1);
    };
    return (
      <Failed
        key={attempt}
        fallback={
          <ErrorState
            error={new Error(NETWORK_ERROR_DETAIL)}
            title={words.failed}
            className="my-6"
            onRetry={retry}
          />
        }
      >
        <Suspense fallback={<LoadingState label={words.loading} className="py-6" />}>
          <Loaded {...props} />
        </Suspense>
      </Failed>
    );
  }
  return Object.assign(LazyPart, {
    preload: () => {
      // A failure shows when the part does; ahead of it, nothing to say.
      load().catch(() => {});
    },
  });
}
