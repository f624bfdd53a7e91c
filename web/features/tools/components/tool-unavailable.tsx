import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ErrorState } from '../../../components/ui/state.tsx';

/** A tool that could not be shown (gone, or the store not answering), with a way on. */
export function ToolUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <>
      <PageHeading title="This tool is not available" />
      <ErrorState error={error} title="We could not load this tool" onRetry={onRetry} />
      <Link to="/tools" className="font-semibold text-navy-700 underline">
        Browse the catalogue
      </Link>
    </>
  );
}
