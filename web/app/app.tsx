import { useEffect, useState } from 'react';

interface ToolPreview {
  _id: string;
  name: string;
  img: string;
}

/** A plain first page: the store's name and its catalogue, read from the API. */
export function App() {
  const [tools, setTools] = useState<ToolPreview[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetch('/api/tools?sort=newest&limit=6')
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(response.statusText)),
      )
      .then(setTools)
      .catch((reason: Error) => setError(reason.message || 'Could not load the catalogue.'));
  }, []);

  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-bold text-slate-900">Toolyard</h1>
      <p className="mt-2 text-stone-700">
        Professional tools in bulk, straight from the manufacturer.
      </p>
      {error && (
        <p role="alert" className="mt-6 text-red-700">
          {error}
        </p>
      )}
      {!tools && !error && (
        <p className="mt-6" aria-live="polite">
          Loading the catalogue…
        </p>
      )}
      {tools && (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tools.map((tool) => (
            <li key={tool._id} className="rounded-lg border border-stone-200 bg-white p-4">
              <img src={tool.img} alt="" width={640} height={480} className="h-auto w-full" />
              <p className="mt-2 font-semibold">{tool.name}</p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
