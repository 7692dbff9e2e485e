import { ORDER_FILTER_BUTTONS, type OrderFilter } from '../order-filters.ts';

/** A button group; the view on screen is the pressed one. */
export function OrderFilterButtons({ active, onChoose }: { active: OrderFilter; onChoose: (filter: OrderFilter) => void }) {
  return (
    <div role="group" aria-label="Show orders" className="join join-vertical w-full sm:join-horizontal sm:w-auto">
      {ORDER_FILTER_BUTTONS.map(({ filter, label }) => (
        <button
          key={filter}
          type="button"
          className={filter === active ? 'join-item btn btn-sm btn-primary' : 'join-item btn btn-sm'}
          aria-pressed={filter === active}
          onClick={() => onChoose(filter)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
