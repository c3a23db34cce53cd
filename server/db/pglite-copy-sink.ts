import type { PGlite } from "@electric-sql/pglite";

/**
 * Where the embedded database's COPY writes an export: a device of our own in its file system,
 * filling one growing buffer. PGlite's own /dev/blob keeps a copy of every write (COPY writes a
 * row or a few at a time) and hands them over as a Blob, read back as one more copy: a
 * 250,000-contact export made about a million small buffers for the garbage collector, and
 * through the server ran about 15% slower than into this device (contacts, alternating runs:
 * 3.1-3.7 s against 2.5-3.3 s). It rests on PGlite's Emscripten module (`Module.FS`), so if
 * that is ever missing the export falls back to /dev/blob.
 */
export type CopySink = {
  /** The device's path, for COPY ... TO. */
  path: `/dev/${string}`;
  /** Empties the buffer before a COPY. */
  reset(): void;
  /** The bytes written since the reset, copied out. */
  take(): Uint8Array;
};

const DEVICE_PATH = "/dev/aip-copy" as const;
/**
 * Device numbers are searched from here for a free one: Emscripten numbers its own devices
 * (/dev/random, /dev/urandom, ...) upwards from 64, and taking one of theirs broke
 * gen_random_uuid().
 */
const FIRST_DEVICE_MAJOR = 200;
const INITIAL_BYTES = 1 << 20;
/** The most the device keeps between exports (a range of 20,000 contacts is about 5 MB). */
const KEPT_BYTES = 16 << 20;

type DeviceOps = {
  open(): void;
  close(): void;
  read(): number;
  llseek(stream: unknown, offset: number): number;
  write(stream: unknown, from: ArrayBufferView, offset: number, length: number): number;
};

type EmscriptenFs = {
  makedev(major: number, minor: number): number;
  getDevice(device: number): unknown;
  registerDevice(device: number, ops: DeviceOps): void;
  mkdev(path: string, device: number): void;
};

const sinks = new WeakMap<PGlite, CopySink | null>();

/** The client's sink, made on first use; null when PGlite's module offers no file system. */
export function copySink(client: PGlite): CopySink | null {
  if (sinks.has(client)) return sinks.get(client) ?? null;
  const sink = makeSink(client);
  sinks.set(client, sink);
  return sink;
}

function makeSink(client: PGlite): CopySink | null {
  const fs = (client as unknown as { Module?: { FS?: Partial<EmscriptenFs> } }).Module?.FS;
  if (!fs?.makedev || !fs.getDevice || !fs.registerDevice || !fs.mkdev) return null;
  let buffer = new Uint8Array(INITIAL_BYTES);
  let used = 0;
  let major = FIRST_DEVICE_MAJOR;
  while (fs.getDevice(fs.makedev(major, 0))) major++;
  const device = fs.makedev(major, 0);
  fs.registerDevice(device, {
    open: () => {},
    close: () => {},
    read: () => 0,
    llseek: (_stream, offset) => offset,
    write: (_stream, from, offset, length) => {
      if (used + length > buffer.length) {
        let size = buffer.length;
        while (used + length > size) size *= 2;
        const grown = new Uint8Array(size);
        grown.set(buffer.subarray(0, used));
        buffer = grown;
      }
      // A byte view of the same memory, so the copy is a plain block copy whatever its type.
      buffer.set(new Uint8Array(from.buffer, from.byteOffset + offset, length), used);
      used += length;
      return length;
    },
  });
  fs.mkdev(DEVICE_PATH, device);
  return {
    path: DEVICE_PATH,
    reset: () => {
      used = 0;
    },
    take: () => {
      const bytes = buffer.slice(0, used);
      // A range of unusually long rows grew the buffer: it is not kept for the server's life.
      if (buffer.length > KEPT_BYTES) buffer = new Uint8Array(INITIAL_BYTES);
      return bytes;
    },
  };
}
