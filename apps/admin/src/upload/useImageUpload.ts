import { api, type CallResponse } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { type ChangeEvent, useState } from 'react';

/** The image types the upload call takes; the file picker offers only these. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** What the upload call answers with: the stored image's addresses and size. */
export type UploadedImage = CallResponse<typeof api.img.upload>;

/**
 * The console's image upload from a file input: the picked file goes to the upload call with its progress
 * (`null` while idle), and the server's refusal becomes `error`, in its own words. `onUploaded` receives the
 * stored image. The input is cleared at once, so picking the same file again uploads it again.
 */
export const useImageUpload = (http: HttpClient, onUploaded: (image: UploadedImage) => void) => {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    setError(undefined);
    setProgress(0);
    const result = await http.call(api.img.upload, { body, onUploadProgress: setProgress });
    setProgress(null);
    if (!result.ok) setError(result.message);
    else onUploaded(result.data);
  };

  return { progress, error, onChange };
};
