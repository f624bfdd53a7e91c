import { LoadingState } from '../../components/ui/spinner.tsx';

/** Shown before the first screen is ready (its code is still on the way). */
export function AppLoading() {
  return (
    <main className="grid min-h-dvh place-items-center">
      <LoadingState label="Loading Toolyard…" />
    </main>
  );
}
