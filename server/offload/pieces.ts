/** Input handed to a worker at a time (bytes, or characters): a small copy, a few milliseconds of work. */
const PIECE = 64 * 1024;

/** Where to cut `text` near `end` without parting a surrogate pair (an emoji split in two is lost). */
export function cutAt(text: string, end: number): number {
  if (end >= text.length) return text.length;
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/** Bytes and text in pieces of at most PIECE; anything else as it is. */
export async function* inPieces(input: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<unknown> {
  for await (const value of input) {
    if (value instanceof Uint8Array) {
      for (let at = 0; at < value.length; at += PIECE) yield value.subarray(at, at + PIECE);
    } else if (typeof value === "string") {
      for (let at = 0; at < value.length; ) {
        const end = cutAt(value, at + PIECE);
        yield value.slice(at, end);
        at = end;
      }
    } else yield value;
  }
}
