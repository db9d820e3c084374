import { normalizeKeywordText, type KeywordMatchMode, type TalkType } from '@cst/shared';
import type { RobotDraft } from './robots.repository.ts';

/** A rule as the engine holds it: keywords normalised, scope as sets. */
export interface CompiledRule {
  id: string;
  keywords: string[];
  matchMode: KeywordMatchMode;
  /** Work account ids it answers on; null = every account. */
  accountIds: ReadonlySet<string> | null;
  talkTypes: ReadonlySet<TalkType>;
  mentionOnly: boolean;
  priority: number;
  cooldownSec: number;
  drafts: RobotDraft[];
  createdAt: number;
}

/**
 * Aho–Corasick automaton over UTF-16 code units: every keyword occurrence in a text in one pass,
 * whatever the number of keywords (issue 15 §4: no loop over rules per message).
 */
export class AhoCorasick {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  /** Outputs of a node itself (pattern payloads). */
  private readonly out: number[][] = [[]];
  /** The nearest node on the fail chain that has outputs (-1 none). */
  private readonly dict: number[] = [-1];

  constructor(patterns: { text: string; value: number }[]) {
    for (const p of patterns) {
      if (p.text.length === 0) continue;
      let node = 0;
      for (let i = 0; i < p.text.length; i++) {
        const c = p.text.charCodeAt(i);
        let to = this.next[node]!.get(c);
        if (to === undefined) {
          to = this.next.length;
          this.next.push(new Map());
          this.fail.push(0);
          this.out.push([]);
          this.dict.push(-1);
          this.next[node]!.set(c, to);
        }
        node = to;
      }
      this.out[node]!.push(p.value);
    }
    // Breadth first: a node's fail link is the longest proper suffix that is in the trie.
    const queue: number[] = [...this.next[0]!.values()];
    for (let qi = 0; qi < queue.length; qi++) {
      const node = queue[qi]!;
      for (const [c, child] of this.next[node]!) {
        let f = this.fail[node]!;
        while (f !== 0 && !this.next[f]!.has(c)) f = this.fail[f]!;
        const target = this.next[f]!.get(c);
        const fl = target !== undefined && target !== child ? target : 0;
        this.fail[child] = fl;
        this.dict[child] = this.out[fl]!.length > 0 ? fl : this.dict[fl]!;
        queue.push(child);
      }
    }
  }

  /** Calls `found` with the value of every pattern occurring in `text` (repeats possible). */
  scan(text: string, found: (value: number) => void): void {
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let to = this.next[node]!.get(c);
      while (to === undefined && node !== 0) {
        node = this.fail[node]!;
        to = this.next[node]!.get(c);
      }
      node = to ?? 0;
      for (let n = this.out[node]!.length > 0 ? node : this.dict[node]!; n > 0; n = this.dict[n]!) {
        for (const v of this.out[n]!) found(v);
      }
    }
  }
}

/** The order in which matching rules are tried: priority first, then the older rule. */
function byPriority(a: CompiledRule, b: CompiledRule): number {
  return b.priority - a.priority || a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1);
}

/**
 * A tenant's rules compiled into one matcher: `contains` keywords in an Aho–Corasick automaton,
 * `exact` keywords in a map by their normalised text (full-width folded, lower case).
 */
export class KeywordMatcher {
  private readonly rules: CompiledRule[];
  private readonly automaton: AhoCorasick;
  private readonly exact = new Map<string, number[]>();

  constructor(rules: CompiledRule[]) {
    this.rules = [...rules].sort(byPriority);
    const patterns: { text: string; value: number }[] = [];
    this.rules.forEach((r, i) => {
      for (const k of r.keywords) {
        if (r.matchMode === 'contains') patterns.push({ text: k, value: i });
        else {
          const list = this.exact.get(k) ?? [];
          list.push(i);
          this.exact.set(k, list);
        }
      }
    });
    this.automaton = new AhoCorasick(patterns);
  }

  /** Whether no rule is held (the engine skips matching). */
  get empty(): boolean {
    return this.rules.length === 0;
  }

  /** The rules whose keywords a message hits, best first (priority, then age). */
  match(text: string): CompiledRule[] {
    const norm = normalizeKeywordText(text);
    const hit = new Set<number>();
    for (const i of this.exact.get(norm.trim()) ?? []) hit.add(i);
    this.automaton.scan(norm, (i) => hit.add(i));
    if (hit.size === 0) return [];
    return [...hit].sort((a, b) => a - b).map((i) => this.rules[i]!);
  }
}
