/**
 * Playwright MCP's opt-in tool groups (`--caps vision,pdf,…`), by its names so a configuration written
 * for it works here. A tool in a group is not listed, and refused by name, unless the group is on.
 */
export const CAPS = ['vision', 'pdf', 'storage', 'network', 'testing', 'devtools', 'config'] as const;
export type Cap = (typeof CAPS)[number];

const isCap = (s: string): s is Cap => (CAPS as readonly string[]).includes(s);

/** `"storage, network"` → the groups; an unknown name is an error naming the known ones. */
export function parseCaps(spec: string): Cap[] {
  const names = spec
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = names.filter((n) => !isCap(n));
  if (unknown.length > 0) throw new Error(`--caps: unknown ${unknown.map((n) => JSON.stringify(n)).join(', ')}; the groups are ${CAPS.join(', ')}`);
  return [...new Set(names)] as Cap[];
}
