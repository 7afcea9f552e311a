import { api } from '@lianmeng/core';
import { blobOf } from '../../shared/download';
import { quietCall } from './quietCall';

/** A seam the tests replace: jsdom opens no tabs and makes no object URLs. */
export const evidenceTab = {
  /**
   * Opened in the click itself: a browser lets a page open a tab only while handling the user's gesture, and
   * the evidence arrives after it.
   */
  open(): Window | null {
    const tab = window.open('', '_blank');
    // The tab shows our own file: it has no business reaching back into the workbench.
    if (tab) tab.opener = null;
    return tab;
  },
  show(tab: Window, blob: Blob) {
    const url = URL.createObjectURL(blob);
    tab.location.href = url;
    // Long enough for a large PDF to load; the tab keeps what it loaded.
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
  close(tab: Window) {
    tab.close();
  },
};

/**
 * Opens a record's evidence (证明材料) in a new tab. Resolves with the refusal's message, or null once the tab
 * shows the file.
 */
export const openEvidence = async (recordId: number): Promise<string | null> => {
  const tab = evidenceTab.open();
  const result = await quietCall(api.creditReview.evidence, { params: { id: String(recordId) } });
  if (!result.ok) {
    if (tab) evidenceTab.close(tab);
    return result.message;
  }
  if (!tab) return '浏览器阻止了新窗口，请允许本站打开新窗口后重试';
  evidenceTab.show(tab, blobOf(result.data));
  return null;
};
