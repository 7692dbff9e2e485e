import { Link, useParams } from 'react-router';
import type { ToolDetail } from '@voltline/shared/categories';
import { ApiRequestError, describeRequestError } from '../../../lib/api-client.ts';
import { useTool } from '../../../entities/tool/api/get-tool.ts';
import { useDocumentHead } from '../../../lib/page-head/use-document-head.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { NotFoundNotice } from '../../../components/not-found-notice.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { ToolDetails } from '../../../features/catalogue/components/tool-details.tsx';
import { PlaceOrderButton } from '../../../features/catalogue/components/place-order-button.tsx';
import { ToolStockLine } from '../../../entities/tool/components/tool-stock-line.tsx';
import { isOutOfStock } from '@voltline/shared/stock';
import { StockAlertForm } from '../../../features/catalogue/components/stock-alert-form.tsx';
import { AddToCartForm } from '../../../features/cart/components/add-to-cart-form.tsx';
import { missingToolHead, toolPageHead } from './tool-head.ts';
import { CategoryBreadcrumb } from '../../../features/catalogue/components/category-breadcrumb.tsx';
import { ToolSpecifications } from '../../../features/catalogue/components/tool-specifications.tsx';
import { FamilySelector } from '../../../features/catalogue/components/family-selector.tsx';
import { FittingTools } from '../../../features/catalogue/components/fitting-tools.tsx';
import { ToolGallery } from '../../../features/catalogue/components/tool-gallery.tsx';
import { YourPrices } from '../../../features/pricing/components/your-prices.tsx';

function ToolNotFound() {
  useDocumentHead(missingToolHead);
  return <NotFoundNotice heading="Tool not found" text="This tool is not in our catalogue." />;
}

function ToolOffer({ tool }: { tool: ToolDetail }) {
  useDocumentHead(toolPageHead(tool));
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      {tool.category && (
        <div className="mb-4">
          <CategoryBreadcrumb path={tool.category.path} current={tool.toolName} />
        </div>
      )}
      <ToolDetails
        tool={tool}
        stock={<ToolStockLine tool={tool} label="Available to order" />}
        actions={
          <div className="flex flex-col gap-4">
            <YourPrices tool={tool} />
            {tool.family && <FamilySelector family={tool.family} toolId={tool._id} />}
            <AddToCartForm tool={tool} />
            {isOutOfStock(tool) && <StockAlertForm tool={tool} />}
            {/* Buy now, alone: login-only (product.md, "Screens"); a signed-out visitor signs in first and comes back to the purchase screen. */}
            <PlaceOrderButton tool={tool} quiet className="self-start" />
            <Link to="/home" className="link link-secondary self-start">
              See all our tools
            </Link>
          </div>
        }
      />
      <ToolGallery toolId={tool._id} />
      <ToolSpecifications specifications={tool.specifications ?? []} />
      {/* Both ways, from the page's one answer: what fits this tool, and what this accessory fits. */}
      <FittingTools toolId={tool._id} direction="accessories" first={tool.accessories} actions={(fitting) => <AddToCartForm tool={fitting} />} />
      <FittingTools toolId={tool._id} direction="fits" first={tool.fits} actions={(fitting) => <AddToCartForm tool={fitting} />} />
    </section>
  );
}

/** /tools/:toolId: one tool of the catalogue, public, with the way to order it. */
export function ToolPage() {
  const { toolId = '' } = useParams();
  const tool = useTool(toolId);

  if (tool.missing) return <ToolNotFound />;
  if (tool.data) return <ToolOffer tool={tool.data} />;
  if (tool.error instanceof ApiRequestError && tool.error.status === 404) return <ToolNotFound />;
  if (tool.isError) return <ErrorAlert message={describeRequestError(tool.error)} />;
  return <LoadingSpinner label="Loading the tool" className="py-24" />;
}
