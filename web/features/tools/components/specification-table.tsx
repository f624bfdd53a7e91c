import { formatSpecValue } from '#contract/format.ts';
import type { Attribute } from '#contract/specifications.ts';
import type { Tool } from '#contract/tools.ts';

/**
 * A tool's specifications as a table, each with its unit ("Chuck size: 13 mm"), in the order its
 * categories give them; nothing when the tool has none.
 */
export function SpecificationTable({
  tool,
  attributes,
}: {
  tool: Tool;
  /** The attributes of the tool's category and those above it. */
  attributes: readonly Pick<Attribute, '_id' | 'key' | 'name' | 'unit'>[];
}) {
  const rows = attributes.flatMap((attribute) => {
    const value = tool.specs[attribute.key];
    return value === undefined ? [] : [{ attribute, text: formatSpecValue(attribute, value) }];
  });
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="specifications-heading" className="mt-8">
      <h2 id="specifications-heading" className="text-lg font-bold text-navy-900">
        Specifications
      </h2>
      <table className="mt-3 w-full overflow-hidden rounded-lg border border-stone-200 bg-white text-left text-sm [overflow-wrap:anywhere]">
        <caption className="sr-only">Specifications of {tool.name}</caption>
        <tbody className="divide-y divide-stone-200">
          {rows.map(({ attribute, text }) => (
            <tr key={attribute._id}>
              <th scope="row" className="w-1/2 bg-stone-50 px-4 py-2 font-semibold text-stone-700">
                {attribute.name}
              </th>
              <td className="px-4 py-2 text-stone-900">{text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
