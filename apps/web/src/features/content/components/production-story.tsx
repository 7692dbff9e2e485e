import { CompanyStory } from './company-story.tsx';

export function ProductionStory() {
  return (
    <CompanyStory
      id="production-heading"
      title="From our own production line"
      text="Every Voltline tool is built in our own factory. We choose the motors, cut the gears and assemble each tool by hand, so we know exactly what goes into it."
      points={[
        'Motors, gearboxes and housings assembled in house',
        'Every batch tested for load, insulation and safety in our lab',
        'Spare parts and repairs handled by the people who built the tool',
      ]}
      img="/images/about/factory.svg"
      alt="Voltline factory floor with tools on the production line"
    />
  );
}
