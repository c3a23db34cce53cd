// The build's delivery step: precompressed copies of the client's text files, and source maps
// moved out of the public folder. Runs at the end of every `vite build` (see vite.config.ts), so
// `npm run build` and `npm start`'s rebuild both produce it.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;
/** Below this a compressed copy saves less than its extra request headers cost. */
const MIN_BYTES = 1024;

export type CompressedFile = { file: string; bytes: number; brotliBytes: number; gzipBytes: number };

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `name.br` (quality 11) and `name.gz` (level 9) beside every text file of `dir`, where
 * the copy is smaller; the static server picks one from the browser's Accept-Encoding. Done once
 * at build time, so the server never spends a request's time compressing.
 */
export async function precompressDirectory(dir: string): Promise<CompressedFile[]> {
  const done: CompressedFile[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const original = await readFile(file);
    if (original.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(original, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(original, { level: 9 }),
    ]);
    if (br.length < original.length) await writeFile(`${file}.br`, br);
    if (gz.length < original.length) await writeFile(`${file}.gz`, gz);
    done.push({
      file: path.relative(dir, file),
      bytes: original.length,
      brotliBytes: br.length,
      gzipBytes: gz.length,
    });
  }
  return done;
}

/**
 * Moves every `*.map` of `fromDir` to the same place under `toDir`. The maps stay on the build
 * machine for reading production stack traces; the public folder never holds them.
 */
export async function moveSourceMaps(fromDir: string, toDir: string): Promise<string[]> {
  const moved: string[] = [];
  await rm(toDir, { recursive: true, force: true });
  for await (const file of filesUnder(fromDir)) {
    if (!file.endsWith(".map")) continue;
    const target = path.join(toDir, path.relative(fromDir, file));
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file, target);
    moved.push(path.relative(fromDir, file));
  }
  return moved;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The Vite plugin: after the bundle is written, source maps go to a `sourcemaps` folder beside the
 * output folder (dist/sourcemaps for dist/client) and the text files get their .br and .gz
 * copies. Pair it with `build.sourcemap: "hidden"`, which leaves no `sourceMappingURL` comment
 * pointing at a file the server does not have.
 */
export function deliveryPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "ai-platform:delivery",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      if (!(await stat(outDir).catch(() => null))) return;
      await moveSourceMaps(outDir, path.join(path.dirname(outDir), "sourcemaps"));
      const files = await precompressDirectory(outDir);
      const largest = files.sort((a, b) => b.bytes - a.bytes)[0];
      if (largest) {
        config.logger.info(
          `precompressed ${files.length} files; largest ${largest.file}: ${kb(largest.bytes)} -> ` +
            `${kb(largest.brotliBytes)} brotli, ${kb(largest.gzipBytes)} gzip`,
        );
      }
    },
  };
}
