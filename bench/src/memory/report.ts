/** What report-on-signal.mjs writes when the server gets SIGUSR2. */
export interface Report {
  rss: number;
  heap_total: number;
  heap_used: number;
  external: number;
  array_buffers: number;
  malloced: number;
  spaces: Record<string, { size: number; used: number }>;
  mappings: Record<string, number>;
  gc?: boolean;
}
