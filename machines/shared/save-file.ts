// The one way the machines hand a downloaded file to the visitor: an object URL clicked through a
// temporary <a download>, released once the browser has taken it.

/** How long the object URL stays valid after the click (the browser copies the blob by then). */
const RELEASE_AFTER_MS = 10_000;

/** Saves `blob` as `filename` (the browser's download). Returns false outside a browser. */
export function saveFile(blob: Blob, filename: string): boolean {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return false;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
  return true;
}
