import { format } from "date-fns";
import { throwIfNotOk } from "./api";

export type ExportedFile = { blob: Blob; filename: string };

/**
 * Downloads as a person gets them: CSV exports read as a blob (so a refusal is told apart from a
 * file) and saved under the server's name. Every screen's export and download goes through here.
 */

/** The filename from a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?("?)([^";]+)\1/i.exec(header);
  if (encoded?.[2]) {
    try {
      return decodeURIComponent(encoded[2]);
    } catch {
      // Fall through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  return plain?.[2]?.trim() || undefined;
}

/** A CSV export read as a blob (so a refusal is told apart from a file), with a dated name. */
export async function exportCsv(url: string, prefix: string): Promise<ExportedFile> {
  const response = await fetch(url, { credentials: "include" });
  await throwIfNotOk(response);
  const blob = await response.blob();
  const filename =
    filenameFromDisposition(response.headers.get("content-disposition")) ??
    `${prefix}-${format(new Date(), "yyyy-MM-dd")}.csv`;
  return { blob, filename };
}

/** Saves a blob as a download with the given name ("Download saves a file"). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
