/** Types of bundle-state.js, for the build script and its test. */
export declare const ROOT: string;
export declare const DIST: string;
export declare const MANIFEST: string;
export declare const MANIFEST_VERSION: number;
/** `[mtimeMs, size]`, or null: missing, or changed during the build (never fresh). */
export type FileStamp = [number, number] | null;
export interface Manifest {
  version: number;
  /** The bundle's entry, relative to the repository root; also a key of `files`. */
  entry: string;
  /** Repository-relative path → its stamp at build time. */
  files: Record<string, FileStamp>;
}
export declare function fileStamp(path: string, root?: string): FileStamp;
export declare function bundleState(manifestPath?: string, root?: string): { fresh: true; entry: string } | { fresh: false; reason: string };
