import { useQuery } from '@tanstack/react-query';
import type { ToolPicture } from '@voltline/shared/tool-pictures';
import { apiRequest } from '../../../lib/api-client.ts';
import { toolKeys } from '../../../lib/query-keys.ts';

/** GET /api/tools/{id}/pictures: the tool's gallery in order, each picture's drawings and srcsets. */
export const useToolPictures = (toolId: string) => useQuery({ queryKey: toolKeys.pictures(toolId), queryFn: () => apiRequest<ToolPicture[]>(`/tools/${toolId}/pictures`) });
