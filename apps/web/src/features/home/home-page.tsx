import { useDocumentHead } from '../../lib/page-head/use-document-head.ts';
import { AskUsSection } from './components/ask-us-section.tsx';
import { Banner } from './components/banner.tsx';
import { BusinessSummary } from './components/business-summary.tsx';
import { ProductionStory } from './components/production-story.tsx';
import { ReasonsSection } from './components/reasons-section.tsx';
import { ReviewsSection } from './components/reviews-section.tsx';
import { StockStory } from './components/stock-story.tsx';
import { ToolsSection } from './components/tools-section.tsx';
import { homePageHead } from './home-page-head.ts';

export function HomePage() {
  useDocumentHead(homePageHead);
  return (
    <>
      {/* The banner's headings rotate, so the page keeps one steady top-level heading for assistive tech. */}
      <h1 className="sr-only">Voltline Tools: electrical tools built, sold and stocked by us</h1>
      <Banner />
      <ToolsSection />
      <BusinessSummary />
      <ReasonsSection />
      <ProductionStory />
      <StockStory />
      <ReviewsSection />
      <AskUsSection />
    </>
  );
}
