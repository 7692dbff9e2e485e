import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/upload: stores a picture and answers the address to use for it. Changes nothing cached. */
export async function uploadImage(image: File): Promise<string> {
  const form = new FormData();
  form.append('image', image);
  const { data } = await apiRequest<{ data: { url: string } }>('/upload', { method: 'POST', body: form });
  return data.url;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
