import type { FileDownload } from '@lianmeng/core';

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

/**
 * Saves a spreadsheet the server handed over as data. Downloads come inside the envelope, not as links: the
 * card holder's token travels in a header, which a plain link cannot carry.
 */
export const saveDownload = (file: FileDownload) => {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  fileSaver.save(new Blob([bytes], { type: file.mimeType }), file.fileName);
};
