import { useEffect, useState } from 'react';

/**
 * A local address for the chosen picture, so the admin sees it before it is uploaded. Each
 * address holds the file in memory until revoked, so the previous one is revoked on every change
 * and the last one when the form goes away.
 */
export function useImagePreview() {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const showPreview = (file: File | undefined) => {
    setPreviewUrl(file?.type.startsWith('image/') ? URL.createObjectURL(file) : null);
  };
  return { previewUrl, showPreview };
}
