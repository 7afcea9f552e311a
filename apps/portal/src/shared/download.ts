import type { FileDownload } from '@lianmeng/core';

/**
 * A file the server handed over as data, as a Blob of its own type. Files come inside the envelope, not as
 * links: the card holder's token travels in a header, which a plain link cannot carry.
 */
export const blobOf = (file: FileDownload) => {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: file.mimeType });
};

/** A seam the tests replace: jsdom saves no files. */
export const fileSaver = {
  save(blob: Blob, fileName: string) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has taken the file once the click is handled.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};

/** Saves a file the server handed over as data under its own name. */
export const saveDownload = (file: FileDownload) => fileSaver.save(blobOf(file), file.fileName);
