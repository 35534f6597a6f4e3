// @ts-check
// Copy text to the clipboard, on a secure origin and off one. The clipboard API exists
// only on a secure origin (https, localhost): a classroom served over plain http on the
// local network (http://192.168.1.20:8000) is refused it. There the text is put in a
// field (the caller's, or a hidden one made for the copy), selected, and copied with the
// older document.execCommand("copy"), which a click's handler may still use.

/**
 * Copy `text`; true when it reached the clipboard. `field` (an input or a textarea
 * showing the text) is left selected when both ways fail, for the reader to copy by hand.
 * @param {string} text
 * @param {HTMLInputElement | HTMLTextAreaElement | null} [field]
 * @returns {Promise<boolean>}
 */
export async function copyText(text, field = null) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // refused (no permission, the page not focused): the older way below
    }
  }
  const box = field || document.createElement("textarea");
  if (!field) {
    box.value = text;
    box.setAttribute("readonly", "");
    box.setAttribute("aria-hidden", "true");
    box.style.position = "fixed";
    box.style.top = "0";
    box.style.left = "-9999px";
    document.body.append(box);
  }
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  box.focus();
  box.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  if (!field) {
    box.remove();
    if (active && active.focus) active.focus();
  }
  return copied;
}
