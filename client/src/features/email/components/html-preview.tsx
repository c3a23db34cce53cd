/**
 * An email's HTML shown as a mail program would: in a sandboxed iframe with no script, form or
 * same-origin rights, so markup in a message can neither run nor reach the app.
 */
export function HtmlPreview({ html, title, className }: { html: string; title: string; className?: string }) {
  const document = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: https:; style-src 'unsafe-inline'"><style>body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;color:#111;margin:12px}</style></head><body>${html}</body></html>`;
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={document}
      className={className ?? "h-72 w-full rounded-md border bg-white"}
    />
  );
}
