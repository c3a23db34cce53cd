/**
 * Opens a tel: link the way a tap on a link does: phones hand it to their dialler.
 *
 * Following a real <a href> rather than assigning window.location keeps the page itself out of
 * it (no navigation to cancel), and lets the browser tests see which number was dialled by
 * listening for the link's click, which a location assignment would hide from them.
 */
export function followTelLink(href: string): void {
  const link = document.createElement("a");
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}
