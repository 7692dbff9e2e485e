import { formatSpecification, type ToolSpecification } from '@voltline/shared/categories';

/** A tool's specifications as a table (issue 40, item 2): what each is, and the tool's value. */
export function ToolSpecifications({ specifications }: { specifications: ToolSpecification[] }) {
  if (specifications.length === 0) return null;
  return (
    <section aria-labelledby="tool-specifications" className="mt-10">
      <h2 id="tool-specifications" className="text-2xl font-semibold">
        Specifications
      </h2>
      <table className="table mt-4 max-w-xl">
        <tbody>
          {specifications.map((specification) => (
            <tr key={specification.attributeId}>
              <th scope="row" className="font-medium">
                {specification.name}
              </th>
              <td>{formatSpecification(specification)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
