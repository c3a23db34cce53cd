// The Node.js flags the server runs with, for `npm start` and the benches' servers alike.
//
// The old generation's ceiling (SERVER_HEAP_MB, default 256 MB): without one, V8 sizes it from
// the machine's memory (some 4 GB here) and lets garbage pile up to hundreds of megabytes before
// a full collection. A million-row contacts import peaked at 409 MB of RSS that way, with under
// 90 MB of it live; with this ceiling the same import peaks at 215 MB (bench contacts-import,
// the same with 192 MB: 256 leaves room for a larger live set).
// Raise it for a server that must hold more at once.
export const DEFAULT_SERVER_HEAP_MB = 256;

/** @param {NodeJS.ProcessEnv} env */
export function serverNodeFlags(env = process.env) {
  const megabytes = Number(env.SERVER_HEAP_MB ?? DEFAULT_SERVER_HEAP_MB);
  if (!Number.isInteger(megabytes) || megabytes < 64)
    throw new Error(
      `SERVER_HEAP_MB must be a whole number of megabytes, 64 or more (it is "${env.SERVER_HEAP_MB}")`,
    );
  return [`--max-old-space-size=${megabytes}`];
}
