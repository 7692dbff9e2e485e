import type { AccessoryKind, FamilyInput } from '@voltline/shared/families';
import { apiSend } from '../../../lib/api-client.ts';
import { toolKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

// A family and an accessory link show on tool pages: every tool key is stale (the families' is under them).
const stale = [toolKeys.all];

/** POST /api/admin/families (admin): a family and its options' names. */
export const useCreateFamily = () => useRefreshingMutation((family: FamilyInput) => apiSend<{ _id: string }>('POST', '/admin/families', family), stale);

/** DELETE /api/admin/families/{id} (admin): its tools stay in the catalogue. */
export const useDeleteFamily = () => useRefreshingMutation((familyId: string) => apiSend<{ acknowledged: boolean }>('DELETE', `/admin/families/${familyId}`), stale, { evenWhenRefused: true });

/** PUT /api/admin/families/{id}/tools/{toolId} (admin): a tool placed in the family with its values (refusals in the server's words). */
export const usePlaceTool = () =>
  useRefreshingMutation(
    ({ familyId, toolId, values }: { familyId: string; toolId: string; values: string[] }) => apiSend<{ acknowledged: boolean }>('PUT', `/admin/families/${familyId}/tools/${toolId}`, { values }),
    stale,
    { evenWhenRefused: true },
  );

/** DELETE /api/admin/families/{id}/tools/{toolId} (admin). */
export const useRemoveFromFamily = () =>
  useRefreshingMutation(({ familyId, toolId }: { familyId: string; toolId: string }) => apiSend<{ acknowledged: boolean }>('DELETE', `/admin/families/${familyId}/tools/${toolId}`), stale, {
    evenWhenRefused: true,
  });

/** PUT /api/admin/tools/{id}/accessories/{accessoryId} (admin): the accessory fits the tool, as a kind. */
export const useLinkAccessory = () =>
  useRefreshingMutation(
    ({ toolId, accessoryId, kind }: { toolId: string; accessoryId: string; kind: AccessoryKind }) => apiSend<{ acknowledged: boolean }>('PUT', `/admin/tools/${toolId}/accessories/${accessoryId}`, { kind }),
    stale,
  );

/** DELETE /api/admin/tools/{id}/accessories/{accessoryId} (admin): the accessory no longer shows as fitting the tool. */
export const useUnlinkAccessory = () =>
  useRefreshingMutation(({ toolId, accessoryId }: { toolId: string; accessoryId: string }) => apiSend<{ acknowledged: boolean }>('DELETE', `/admin/tools/${toolId}/accessories/${accessoryId}`), stale);
