import { CompanyStory } from './company-story.tsx';

export function StockStory() {
  return (
    <CompanyStory
      id="stock-heading"
      title="Stocked and ready to ship"
      text="Our warehouse holds the whole catalogue, so trade customers can order in bulk without waiting for a production run."
      points={[
        'Bulk lots for contractors, workshops and resellers',
        'Minimum order quantities that suit trade buyers',
        'Live available quantities shown on every tool',
      ]}
      img="/images/about/warehouse.svg"
      alt="Voltline warehouse with shelves of boxed tools ready to ship"
      imageLast
    />
  );
}
