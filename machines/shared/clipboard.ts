// The one clipboard helper of the machines (the copy buttons of the staff link generators and of
// the mail-setup page). SPEC 8: when the clipboard refuses, copy through a hidden text area.

/**
 * Copies text to the clipboard: the Clipboard API first, then a hidden textarea and
 * `document.execCommand('copy')` when that API is missing or refuses. Resolves true on success.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, insecure context): fall through to the textarea.
  }
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  area.style.opacity = '0';
  const previous = document.activeElement;
  document.body.append(area);
  try {
    area.focus();
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    // Give keyboard focus back to where it was (normally the Copy button).
    if (previous instanceof HTMLElement) previous.focus();
  }
}
