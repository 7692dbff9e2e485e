import { Link, useParams } from 'react-router';
import { ApiRequestError, describeRequestError } from '../../lib/api-client.ts';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useTool } from '../../entities/tool/api/get-tool.ts';
import { PurchaseForm } from '../../features/checkout/components/purchase-form.tsx';
import { ToolDetails } from '../../features/catalogue/components/tool-details.tsx';
import { ToolStockLine } from '../../entities/tool/components/tool-stock-line.tsx';

function ToolUnavailable({ error }: { error: Error }) {
  const notFound = error instanceof ApiRequestError && error.status === 404;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{notFound ? 'Tool not found' : 'The tool could not be loaded'}</h1>
      <p role="alert">{notFound ? 'This tool is not in our catalogue.' : describeRequestError(error)}</p>
      <Link to="/home" className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}

/** /purchase/:toolId: the tool, and the form that places an unpaid order for it. */
export function PurchasePage() {
  const { toolId = '' } = useParams();
  const tool = useTool(toolId);

  // Data first: a failed background refresh must not take away a form being filled in.
  if (tool.data) {
    return (
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
        <ToolDetails tool={tool.data} stock={<ToolStockLine tool={tool.data} label="Available to order" />} />
        <PurchaseForm key={tool.data._id} tool={tool.data} />
      </section>
    );
  }
  if (tool.isError) return <ToolUnavailable error={tool.error} />;
  return <LoadingSpinner label="Loading the tool" className="py-24" />;
}
