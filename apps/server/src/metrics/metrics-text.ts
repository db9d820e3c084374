/**
 * The value of one sample in Prometheus text format: the line of `name` whose labels include
 * `labels` (all of them, any order); undefined when there is none. For tests and scripts.
 */
export function sampleOf(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = new Map<string, string>();
    for (const l of (m[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) have.set(l[1]!, l[2]!);
    if (Object.entries(labels).every(([k, v]) => have.get(k) === v)) return Number(m[4]);
  }
  return undefined;
}
