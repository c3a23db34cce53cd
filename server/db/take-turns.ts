import type { PGlite } from "@electric-sql/pglite";

type Query = PGlite["query"];
type Exec = PGlite["exec"];

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Makes the embedded database's queries take turns with the network ("200 concurrent
 * readers waited over 10 s").
 *
 * PGlite runs every query synchronously on the main thread, one at a time, and its queue is a
 * chain of promises. Once queries wait, the whole queue runs in one stretch of microtasks, and
 * the request handlers' next queries join it as they go: the event loop reads no socket until
 * the queue is empty. Under 200 concurrent readers such a stretch lasted seconds, so requests
 * were read in waves, and one that arrived during a wave waited for the whole of it before its
 * first query was even queued.
 *
 * Here each query starts in an event-loop turn of its own (after setImmediate), in arrival
 * order: sockets are read between two queries, a request's queries queue first come first
 * served with everyone else's, and no stretch of work is longer than one query. The cost is one
 * setImmediate per query (microseconds). Transactions keep PGlite's own locking: their queries
 * go through the transaction object, not through these methods.
 */
export function takeTurns(client: PGlite): void {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = last.then(nextTurn).then(run);
    // The next query waits for this one to be over, whether it succeeded or not.
    last = turn.catch(() => undefined);
    return turn;
  };
  const query = client.query.bind(client) as Query;
  const exec = client.exec.bind(client) as Exec;
  client.query = ((...args: Parameters<Query>) => inTurn(() => query(...args))) as Query;
  client.exec = ((...args: Parameters<Exec>) => inTurn(() => exec(...args))) as Exec;
}
