import { useState } from 'react';
import { Link } from 'react-router';
import type { Tool } from '@voltline/shared/tool';
import { DESCRIPTION_PREVIEW_LENGTH } from '@voltline/shared/shop-constants';
import { PictureCard } from '../../../components/picture-card.tsx';

export function ToolCard({ tool }: { tool: Tool }) {
  const [expanded, setExpanded] = useState(false);
  const isLong = tool.description.length > DESCRIPTION_PREVIEW_LENGTH;
  const description =
    isLong && !expanded ? `${tool.description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...` : tool.description;

  return (
    <PictureCard title={tool.toolName} picture={tool.img} pictureAlt={tool.toolName} testId="tool-card">
      <div>
        <p data-testid="tool-description" className="break-words text-base-content/80">
          {description}
        </p>
        {isLong && (
          <button
            type="button"
            className="btn btn-link btn-xs h-auto min-h-0 px-0"
            aria-expanded={expanded}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? 'show less' : 'show more'}
          </button>
        )}
      </div>
      <ul className="space-y-1 text-sm">
        <li>{`Minimum order quantity: ${tool.minimumOrderQuantity}`}</li>
        <li>{`Available quantity: ${tool.availableQuantity}`}</li>
        <li className="text-base font-semibold">{`Price: $${tool.price} per unit`}</li>
      </ul>
      <div className="card-actions mt-auto justify-end pt-2">
        <Link to={`/purchase/${tool._id}`} className="btn btn-primary">
          Place order
        </Link>
      </div>
    </PictureCard>
  );
}
