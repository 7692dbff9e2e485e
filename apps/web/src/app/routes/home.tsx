import { useDocumentHead } from '../../lib/page-head/use-document-head.ts';
import { AskUsSection } from '../../features/content/components/ask-us-section.tsx';
import { Banner } from '../../features/content/components/banner.tsx';
import { BusinessSummary } from '../../features/content/components/business-summary.tsx';
import { ProductionStory } from '../../features/content/components/production-story.tsx';
import { ReasonsSection } from '../../features/content/components/reasons-section.tsx';
import { ReviewsSection } from '../../features/reviews/components/reviews-section.tsx';
import { StockStory } from '../../features/content/components/stock-story.tsx';
import { ToolsSection } from '../../features/catalogue/components/tools-section.tsx';
import { homePageHead } from './home-head.ts';
import { PricedToolGrid } from '../priced-tool-grid.tsx';

export function HomePage() {
  useDocumentHead(homePageHead);
  return (
    <>
      {/* The banner's headings rotate, so the page keeps one steady top-level heading for assistive tech. */}
      <h1 className="sr-only">Voltline Tools: electrical tools built, sold and stocked by us</h1>
      <Banner />
      <ToolsSection Grid={PricedToolGrid} />
      <BusinessSummary />
      <ReasonsSection />
      <ProductionStory />
      <StockStory />
      <ReviewsSection />
      <AskUsSection />
    </>
  );
}
