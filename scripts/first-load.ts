// The build's first-load budget: how much JavaScript a browser downloads, gzipped, to
// show the dashboard, printed by every `vite build` and failing the build above the limit.
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin, ResolvedConfig, Rollup } from "vite";

/** The parts of a built chunk the count reads (Rollup's and Rolldown's output chunks both have them). */
export type BuiltChunk = { fileName: string; code: string; imports: string[]; moduleIds: string[] };

export type FirstLoad = { files: { fileName: string; gzipBytes: number }[]; gzipBytes: number };

/** Every chunk `start` needs before it runs: itself and its static imports, transitively. */
function withStaticImports(start: string, chunks: Map<string, BuiltChunk>, into: Set<string>): void {
  if (into.has(start)) return;
  const chunk = chunks.get(start);
  if (!chunk) return;
  into.add(start);
  for (const next of chunk.imports) withStaticImports(next, chunks, into);
}

/** The script and modulepreload links of the built index.html, as bundle file names. */
export function htmlScripts(html: string): string[] {
  const names: string[] = [];
  const tag = /<(script|link)\b[^>]*>/gi;
  for (const [element, kind] of html.matchAll(tag)) {
    const isScript = kind?.toLowerCase() === "script" && /type=["']?module/i.test(element);
    const isPreload = kind?.toLowerCase() === "link" && /rel=["']?modulepreload/i.test(element);
    if (!isScript && !isPreload) continue;
    const url = /(?:src|href)=["']?([^"'\s>]+)/i.exec(element)?.[1];
    if (url) names.push(url.replace(/^\//, ""));
  }
  return names;
}

/**
 * What a browser fetches to show the screen in `routeModule`: the page's module scripts and
 * modulepreload links (the entry chunk and its static imports), then the chunk holding the route
 * module with its static imports, which Vite's preload helper fetches alongside the dynamic
 * import. Chunks other lazy pieces load later (dialogs, other screens) do not count. Sizes are
 * gzip level 9, as the server sends the precompressed .gz files.
 */
export function firstLoad(html: string, chunks: BuiltChunk[], routeModule: string): FirstLoad {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const needed = new Set<string>();
  const fromHtml = htmlScripts(html);
  if (fromHtml.length === 0) throw new Error("index.html loads no module script");
  for (const name of fromHtml) withStaticImports(name, byName, needed);
  const route = chunks.find((chunk) => chunk.moduleIds.includes(routeModule));
  if (!route) throw new Error(`no chunk holds ${routeModule}`);
  withStaticImports(route.fileName, byName, needed);
  const files = [...needed]
    .map((fileName) => ({
      fileName,
      gzipBytes: gzipSync(byName.get(fileName)?.code ?? "", { level: 9 }).length,
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

/** Kilobytes as Vite's own size report counts them (1 KB = 1000 bytes). */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function firstLoadPlugin(options: { label: string; routeModule: string; limitKb: number }): Plugin {
  let config: ResolvedConfig;
  return {
    name: "ai-platform:first-load",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_output, bundle: Rollup.OutputBundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") return; // not the client's build
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
      const routeModule = path.resolve(config.root, options.routeModule);
      const load = firstLoad(String(html.source), chunks, routeModule);
      const largest = load.files[0];
      const line =
        `${options.label} first load: ${kb(load.gzipBytes)} of gzipped JavaScript ` +
        `(limit ${options.limitKb} KB): ${load.files.length} files` +
        (largest ? `, largest ${largest.fileName} ${kb(largest.gzipBytes)}` : "");
      if (load.gzipBytes <= options.limitKb * 1000) {
        config.logger.info(line);
        return;
      }
      const list = load.files.map((file) => `  ${kb(file.gzipBytes).padStart(9)}  ${file.fileName}`);
      this.error(`${line}\nOver the limit. What it loads:\n${list.join("\n")}`);
    },
  };
}
