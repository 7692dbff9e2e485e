import { Link, useParams } from 'react-router';
import { ApiRequestError, describeRequestError } from '../../lib/api-client.ts';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useTool } from '../../entities/tool/api/get-tool.ts';
import { PurchaseForm } from '../../features/checkout/components/purchase-form.tsx';
import { ToolDetails } from '../../features/catalogue/components/tool-details.tsx';
import { ToolStockLine } from '../../entities/tool/components/tool-stock-line.tsx';
import { SignedInPart } from '../route-guards/signed-in-part.tsx';
import { useCustomerPrices } from '../../features/pricing/hooks/use-customer-prices.ts';

/** No `error`: the server found there is no such tool. */
function ToolUnavailable({ error }: { error?: Error }) {
  const notFound = !error || (error instanceof ApiRequestError && error.status === 404);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{notFound ? 'Tool not found' : 'The tool could not be loaded'}</h1>
      <p role="alert">{notFound ? 'This tool is not in our catalogue.' : describeRequestError(error!)}</p>
      <Link to="/home" className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}

/** Where the form goes until the session is known: the server draws the page with it. */
const formPlace = <LoadingSpinner label="Checking your session" className="min-h-96 py-24" />;

/**
 * /purchase/:toolId: the tool, and the form that places an unpaid order for it. The tool is public,
 * so the server renders it; the form is the caller's, so it comes in the browser.
 */
export function PurchasePage() {
  const { toolId = '' } = useParams();
  const tool = useTool(toolId);
  // The signed-in buyer's own price over the public answer's list price (decision 072).
  const prices = useCustomerPrices(tool.data ? [tool.data._id] : []);

  // Data first: a failed background refresh must not take away a form being filled in.
  if (tool.data) {
    return (
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
        <ToolDetails tool={tool.data} stock={<ToolStockLine tool={tool.data} label="Available to order" />} prices={prices} />
        <SignedInPart placeholder={formPlace}>
          <PurchaseForm key={tool.data._id} tool={tool.data} />
        </SignedInPart>
      </section>
    );
  }
  if (tool.missing) return <ToolUnavailable />;
  if (tool.isError) return <ToolUnavailable error={tool.error} />;
  return <LoadingSpinner label="Loading the tool" className="py-24" />;
}
