import { format } from "date-fns";
import { throwIfNotOk } from "../../lib/api";

export type ExportedFile = { blob: Blob; filename: string };

/** The filename from a Content-Disposition header (RFC 6266: filename* wins over filename). */
function filenameFromDisposition(header: string | null): string | undefined {
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

/** Saves a blob as a download with the given name. */
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
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
