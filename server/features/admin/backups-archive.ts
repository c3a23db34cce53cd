import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

/**
 * A backup's one archive: a gzipped POSIX tar (ustar, with PAX headers for long names and big
 * files), so `tar -xzf` opens it anywhere. Written and read as streams: a recording of any
 * size costs one 64 KB buffer, never the whole file in memory. Only regular files are stored.
 */

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);

/** One file in the archive: its name inside it, its size, and where its bytes come from. */
export type ArchiveEntry = {
  name: string;
  size: number;
  mtime?: Date;
  /** A file on disk (read up to `size` bytes) or bytes in memory. */
  source: { path: string } | { bytes: Uint8Array };
};

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

/** A PAX record: "<length> <key>=<value>\n", the length counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

function header(name: string, size: number, mtime: Date, type: "0" | "x"): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 100), 0, "utf8");
  block.write(octal(0o644, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(Math.min(size, 0o77777777777), 12), 124);
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  block.write("        ", 148);
  block.write(type, 156);
  block.write("ustar\0", 257);
  block.write("00", 263);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The tar blocks of one entry: a PAX header first when the name or size does not fit ustar. */
async function* entryBlocks(entry: ArchiveEntry): AsyncGenerator<Buffer> {
  const mtime = entry.mtime ?? new Date();
  const plain = Buffer.byteLength(entry.name) <= 100 && /^[\x20-\x7e]*$/.test(entry.name);
  if (!plain || entry.size > 0o77777777777) {
    const pax = Buffer.from(paxRecord("path", entry.name) + paxRecord("size", String(entry.size)));
    yield header("PaxHeader", pax.length, mtime, "x");
    yield pax;
    yield padding(pax.length);
  }
  yield header(entry.name, entry.size, mtime, "0");
  if ("bytes" in entry.source) {
    yield Buffer.from(entry.source.bytes);
  } else if (entry.size > 0) {
    // A file that grew since it was listed is cut at its listed size; one that shrank is
    // padded with zeros, so the archive's structure always holds.
    let written = 0;
    for await (const chunk of createReadStream(entry.source.path, { start: 0, end: entry.size - 1 })) {
      written += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    if (written < entry.size) yield Buffer.alloc(entry.size - written);
  }
  yield padding(entry.size);
}

/** Writes the entries, in order, as one .tar.gz file. */
export async function writeArchive(file: string, entries: Iterable<ArchiveEntry>): Promise<void> {
  async function* blocks() {
    for (const entry of entries) yield* entryBlocks(entry);
    yield ZEROS;
  }
  await pipeline(Readable.from(blocks()), createGzip({ level: 6 }), createWriteStream(file));
}

/** Reads exactly n bytes at a time from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly chunks: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.chunks.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  /** Up to n bytes (fewer only at the end of the stream), taken off the front. */
  private take(n: number): Buffer {
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    const taken = all.subarray(0, n);
    const rest = all.subarray(n);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return taken;
  }

  async read(n: number): Promise<Buffer | null> {
    if (!(await this.fill(n))) return null;
    return this.take(n);
  }

  /** Hands the next n bytes over in pieces, without holding them all. */
  async *stream(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.length === 0 && !(await this.fill(1)))
        throw new Error("The archive ends in the middle of a file");
      const piece = this.take(Math.min(left, this.length));
      left -= piece.length;
      yield piece;
    }
  }
}

const field = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString("utf8")
    .replace(/\0[\s\S]*$/, "");

function parsePax(body: Buffer): Record<string, string> {
  const values: Record<string, string> = {};
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    if (space < 0) break;
    const length = Number(body.subarray(at, space).toString());
    if (!Number.isFinite(length) || length <= 0) break;
    const record = body.subarray(space + 1, at + length - 1).toString("utf8");
    const equals = record.indexOf("=");
    if (equals > 0) values[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return values;
}

/** A name safe to write under a folder: relative, no `..`, no absolute part. */
export function safeEntryName(name: string): string | null {
  const normal = path.posix.normalize(name.replaceAll("\\", "/"));
  if (!normal || normal.startsWith("/") || normal === ".." || normal.startsWith("../")) return null;
  if (/^[a-zA-Z]:/.test(normal)) return null;
  return normal;
}

/**
 * Reads a .tar.gz, calling `onFile` for each regular file with its body as a stream that must
 * be read to the end (or the rest of the archive cannot be reached). Other entry types are skipped.
 */
export async function readArchive(
  file: string,
  onFile: (name: string, size: number, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const gunzip = createReadStream(file).pipe(createGunzip());
  const reader = new ByteReader(gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  let pax: Record<string, string> = {};
  for (;;) {
    const block = await reader.read(BLOCK);
    if (!block || block.every((byte) => byte === 0)) break;
    if (field(block, 257, 5) !== "ustar")
      throw new Error("This file is not a backup archive (no tar header)");
    const type = field(block, 156, 1) || "0";
    const prefix = field(block, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
    const size =
      pax.size !== undefined ? Number(pax.size) : Number.parseInt(field(block, 124, 12).trim() || "0", 8);
    pax = {};
    if (type === "x") {
      pax = parsePax(Buffer.concat(await collect(reader.stream(size))));
    } else if (type === "0") {
      let consumed = 0;
      const body = (async function* () {
        for await (const piece of reader.stream(size)) {
          consumed += piece.length;
          yield piece;
        }
      })();
      await onFile(name, size, body);
      // Whatever the handler left unread is skipped, so the next header is where it should be.
      if (consumed < size) for await (const _ of reader.stream(size - consumed));
    } else {
      for await (const _ of reader.stream(size));
    }
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await reader.read(pad);
  }
  gunzip.destroy();
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

/** Extracts every file under `dir` (refusing names that would land outside it). */
export async function extractArchive(file: string, dir: string): Promise<string[]> {
  const names: string[] = [];
  await readArchive(file, async (name, _size, body) => {
    const safe = safeEntryName(name);
    if (!safe) throw new Error(`The archive holds an unsafe path: ${name}`);
    const target = path.join(dir, safe);
    await mkdir(path.dirname(target), { recursive: true });
    const handle = await open(target, "w");
    try {
      for await (const chunk of body) await handle.write(chunk);
    } finally {
      await handle.close();
    }
    names.push(safe);
  });
  return names;
}
