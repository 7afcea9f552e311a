import { api, type CallResponse } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { type ChangeEvent, useState } from 'react';

/** The image types the upload call takes; the file picker offers only these. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** What the upload call answers with: the stored image's addresses and size. */
export type UploadedImage = CallResponse<typeof api.img.upload>;

/**
 * The console's image upload: `upload` sends a file to the upload call with its progress (`null` while idle)
 * and resolves with the stored image, or with null when the server refused it, its reason then in `error`
 * in the server's own words. `onChange` does that for a file input, hands the stored image to `onUploaded`,
 * and clears the input at once, so picking the same file again uploads it again.
 */
export const useImageUpload = (http: HttpClient, onUploaded: (image: UploadedImage) => void = () => {}) => {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();

  const upload = async (file: File): Promise<UploadedImage | null> => {
    const body = new FormData();
    body.append('file', file);
    setError(undefined);
    setProgress(0);
    const result = await http.call(api.img.upload, { body, onUploadProgress: setProgress });
    setProgress(null);
    if (result.ok) return result.data;
    setError(result.message);
    return null;
  };

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const image = await upload(file);
    if (image) onUploaded(image);
  };

  return { progress, error, setError, upload, onChange };
};
