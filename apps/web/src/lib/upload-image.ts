import { useMutation } from '@tanstack/react-query';
import { uploadResponseSchema } from '@voltline/shared/profile';
import { apiRequest } from './api-client.ts';

/** POST /api/upload: stores a picture (a tool's, a profile's) and answers the address to use for it. Changes nothing cached. */
async function uploadImage(image: File): Promise<string> {
  const form = new FormData();
  form.append('image', image);
  const answer = await apiRequest<unknown>('/upload', { method: 'POST', body: form });
  return uploadResponseSchema.parse(answer).data.url;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
