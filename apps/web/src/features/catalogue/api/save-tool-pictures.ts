import { apiRequest, apiSend } from '../../../lib/api-client.ts';
import { toolKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

// The first picture is the tool's img: every list of tools may show another picture after a change.
const stale = [toolKeys.all];

/** POST /api/admin/tools/{id}/pictures?alt= (admin): a picture at the end of the gallery. */
export const useAddToolPicture = (toolId: string) =>
  useRefreshingMutation(({ image, alt }: { image: File; alt: string }) => {
    const form = new FormData();
    form.append('image', image);
    return apiRequest<{ _id: string }>(`/admin/tools/${toolId}/pictures?alt=${encodeURIComponent(alt)}`, { method: 'POST', body: form });
  }, stale);

/** PUT /api/admin/tools/{id}/pictures/order (admin): every picture once, the first first. */
export const useReorderToolPictures = (toolId: string) =>
  useRefreshingMutation((pictureIds: string[]) => apiSend<{ acknowledged: boolean }>('PUT', `/admin/tools/${toolId}/pictures/order`, { pictureIds }), stale, { evenWhenRefused: true });

/** PATCH /api/admin/tools/{id}/pictures/{pictureId} (admin): a picture's alternative text. */
export const useSetPictureAlt = (toolId: string) =>
  useRefreshingMutation(({ pictureId, alt }: { pictureId: string; alt: string }) => apiSend<{ acknowledged: boolean }>('PATCH', `/admin/tools/${toolId}/pictures/${pictureId}`, { alt }), stale);

/** DELETE /api/admin/tools/{id}/pictures/{pictureId} (admin). */
export const useRemoveToolPicture = (toolId: string) =>
  useRefreshingMutation((pictureId: string) => apiSend<{ acknowledged: boolean }>('DELETE', `/admin/tools/${toolId}/pictures/${pictureId}`), stale, { evenWhenRefused: true });
