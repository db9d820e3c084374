/** A seeded pseudo-random generator (sfc32); the simulator never uses Math.random. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** `n` distinct elements (all when n ≥ length), in random order. */
  sample<T>(items: readonly T[], n: number): T[];
  /** A string of `n` characters from `alphabet`. */
  chars(n: number, alphabet: string): string;
}

/** Four 32-bit words of a string hash (cyrb128). */
function hash128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A stable 32-bit hash of a string. */
export function hashString(str: string): number {
  return hash128(str)[0];
}

/** A stable float in [0, 1) for a string (for one-off decisions such as "does this send fail"). */
export function hashUnit(str: string): number {
  return hashString(str) / 4294967296;
}

/** sfc32 over four 32-bit words: one object per generator, its methods shared. */
class Sfc32 implements Rng {
  constructor(
    private a: number,
    private b: number,
    private c: number,
    private d: number,
  ) {
    // Warm up so close seeds diverge.
    for (let i = 0; i < 12; i++) this.next();
  }

  next(): number {
    const a = this.a >>> 0;
    const b = this.b >>> 0;
    let c = this.c >>> 0;
    const d = ((this.d >>> 0) + 1) | 0;
    let t = (a + b) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    t = (t + d) | 0;
    this.c = (c + t) | 0;
    this.d = d;
    return (t >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.min(n, copy.length));
  }

  chars(n: number, alphabet: string): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[this.int(0, alphabet.length - 1)];
    return s;
  }
}

/** A generator seeded by the given parts (joined with '|'). */
export function createRng(...seedParts: (string | number)[]): Rng {
  const [a, b, c, d] = hash128(seedParts.join('|'));
  return new Sfc32(a, b, c, d);
}
