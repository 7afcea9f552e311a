import { api } from '@lianmeng/core';
import type { CallResult, HttpClient } from '@lianmeng/core/http';
import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type UploadedImage, useImageUpload } from './useImageUpload';

const IMAGE: UploadedImage = {
  photoAddress: '/uploads/abc.webp',
  smallPhotoAddress: '/uploads/abc-small.webp',
  width: 640,
  height: 480,
};

/** An http client whose upload answers when the test says so, reporting progress on the way. */
const pendingHttp = () => {
  const sent: { path: string; file: FormDataEntryValue | null }[] = [];
  let answer: (result: CallResult<UploadedImage>) => void = () => undefined;
  let progress: (percent: number) => void = () => undefined;
  const http: HttpClient = {
    call: (definition, input) => {
      sent.push({ path: definition.path, file: input?.body instanceof FormData ? input.body.get('file') : null });
      progress = input?.onUploadProgress ?? progress;
      return new Promise((resolve) => {
        answer = resolve as typeof answer;
      });
    },
    download: async () => ({ ok: false, status: 404, message: '', network: false }),
  };
  return {
    http,
    sent,
    answer: (result: CallResult<UploadedImage>) => answer(result),
    progress: (p: number) => progress(p),
  };
};

const pick = (files: File[]) => {
  const target = { files, value: 'C:\\fakepath\\picked.png' };
  return { target, event: { target } as unknown as ChangeEvent<HTMLInputElement> };
};

const png = new File(['png'], 'logo.png', { type: 'image/png' });

describe('useImageUpload', () => {
  it('sends the picked file to the upload call with its progress, then hands over the stored image', async () => {
    const server = pendingHttp();
    const onUploaded = vi.fn();
    const { result } = renderHook(() => useImageUpload(server.http, onUploaded));
    const { target, event } = pick([png]);
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.onChange(event);
    });
    expect(target.value).toBe('');
    expect(server.sent).toEqual([{ path: api.img.upload.path, file: png }]);
    expect(result.current.progress).toBe(0);
    act(() => server.progress(40));
    expect(result.current.progress).toBe(40);
    await act(async () => {
      server.answer({ ok: true, status: 200, data: IMAGE, headers: {} });
      await done;
    });
    expect(result.current.progress).toBeNull();
    expect(result.current.error).toBeUndefined();
    expect(onUploaded).toHaveBeenCalledExactlyOnceWith(IMAGE);
  });

  it('shows the server’s refusal in its own words, and clears it when the next file is picked', async () => {
    const server = pendingHttp();
    const onUploaded = vi.fn();
    const { result } = renderHook(() => useImageUpload(server.http, onUploaded));
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.onChange(pick([png]).event);
    });
    await act(async () => {
      server.answer({ ok: false, status: 413, message: '图片不能超过 10 MB', network: false });
      await done;
    });
    expect(result.current.error).toBe('图片不能超过 10 MB');
    expect(result.current.progress).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();

    act(() => {
      done = result.current.onChange(pick([png]).event);
    });
    expect(result.current.error).toBeUndefined();
    expect(result.current.progress).toBe(0);
    await act(async () => {
      server.answer({ ok: true, status: 200, data: IMAGE, headers: {} });
      await done;
    });
    expect(onUploaded).toHaveBeenCalledExactlyOnceWith(IMAGE);
  });

  it('sends nothing when the picker is closed without a file', async () => {
    const server = pendingHttp();
    const { result } = renderHook(() => useImageUpload(server.http, vi.fn()));
    await act(() => result.current.onChange(pick([]).event));
    expect(server.sent).toEqual([]);
    expect(result.current.progress).toBeNull();
  });
});
