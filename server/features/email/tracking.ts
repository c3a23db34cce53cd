import { escapeHtml } from "./render";

/**
 * Open and click tracking for a campaign that asks for it. The message's HTML (already merged and
 * sanitised, so every href is double-quoted and entity-escaped) has each http(s) link but the
 * unsubscribe link replaced by a signed redirect naming the link's position, and a 1x1 image
 * appended. The click route renders the same send's message again and redirects to the link at
 * that position: only addresses that were in the message can be reached (no open redirect).
 */
const LINK = /(<a\s[^>]*?href=")(https?:[^"]*)(")/gi;

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The trackable links of a rendered message, in order (the unsubscribe link is not one). */
export function trackableLinks(html: string, unsubscribeUrl: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(LINK)) {
    const url = decode(match[2] ?? "");
    if (url !== unsubscribeUrl) links.push(url);
  }
  return links;
}

export type TrackingUrls = {
  /** The pixel's address, when opens are tracked. */
  open: string | null;
  /** The redirect for the link at a position, when clicks are tracked. */
  click: ((link: number) => string) | null;
};

export function applyTracking(html: string, unsubscribeUrl: string, urls: TrackingUrls): string {
  let tracked = html;
  if (urls.click) {
    const click = urls.click;
    let position = 0;
    tracked = tracked.replace(LINK, (whole, start: string, href: string, end: string) => {
      if (decode(href) === unsubscribeUrl) return whole;
      return `${start}${escapeHtml(click(position++))}${end}`;
    });
  }
  if (urls.open)
    tracked += `\n<img src="${escapeHtml(urls.open)}" width="1" height="1" alt="" style="display:block;border:0">`;
  return tracked;
}

/** The smallest transparent GIF (43 bytes), the open pixel's answer. */
export const PIXEL_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
