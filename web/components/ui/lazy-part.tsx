import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { NETWORK_ERROR_DETAIL } from '#web/lib/api-error.ts';
import { LoadingState } from './spinner.tsx';
import { ErrorState } from './state.tsx';

/** Shows `fallback` in place of its children once they failed (their code did not load). */
class Failed extends Component<
  { fallback: ReactNode; children: ReactNode },
  { hasFailed: boolean }
> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
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
  const fresh = () => lazy(() => load().then((loaded) => ({ default: loaded })));
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
