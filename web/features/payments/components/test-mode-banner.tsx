import { useStoreConfig } from '#web/lib/store-config.ts';

/**
 * Above every page of a live store that runs the test gateway (PAYMENTS=test): whoever visits
 * learns that no payment here is real before they order. Rendered on the server with the page.
 */
export function TestModeBanner() {
  const isAnnounced = useStoreConfig()?.payments.isTestModeAnnounced ?? false;
  if (!isAnnounced) return null;
  return (
    <section
      aria-label="Test mode"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <p>
        <strong>Test mode:</strong> this store takes test cards only. No card is charged and no
        payment is real.
      </p>
    </section>
  );
}
