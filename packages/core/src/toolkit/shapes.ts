/**
 * Keeps one instance of a class the server makes afresh on every call (a writer, an index) for the
 * life of the process, so V8 keeps that instance's hidden class.
 *
 * V8 reaches the hidden class of an object whose fields were added after its constructor's first map
 * (every class with fields) only through weak transitions. When a call's instances are all garbage,
 * a full GC frees the class, and every optimized function that was specialised to it is thrown away
 * ("weak objects" in `--trace-deopt`), to be interpreted, profiled and compiled again on the next
 * call. The server runs under `--optimize-for-size`, whose tight old space runs a full GC about once
 * per 1,000-row snapshot: its outline and JSON writers were recompiled on nearly every snapshot, and
 * ran two to three times slower (docs/reliability.md, "Code thrown away by full GCs").
 *
 * An instance kept here costs what it holds: keep only small ones (the outline writer's 64 KB buffer is
 * the largest).
 */
const kept: object[] = [];

/** Keeps `exemplar` alive for good and returns it. */
export function keepShape<T extends object>(exemplar: T): T {
  kept.push(exemplar);
  return exemplar;
}
