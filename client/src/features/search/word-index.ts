/**
 * The catalog's words, for on-device search (docs/decisions.md D14). Every folded title and other text is cut
 * into words; the index keeps each distinct word once (with the entries that hold it) and every entry's text as
 * a run of word ids. A query is then answered from the vocabulary and those runs alone, never by reading the
 * catalog's text again: on a phone, reading 50,000 strings costs more than the whole answer.
 */

/** Never produced by normalizeText from typed text, so a match in the vocabulary never spans two words. */
const SEPARATOR = "\u0001";

/**
 * Which entries hold a word: a bitset (one bit per entry) for a word many entries share, their sorted positions
 * for the rest, so a common word costs one pass over a few kilobytes and a rare one a few writes.
 */
type Holders = Uint32Array | Int32Array;

export interface WordIndex {
  /** The words, each behind a separator (and one more at the end): one string to scan for the words a query touches. */
  readonly text: string;
  /** Where each word starts in `text` (one extra start at the end). */
  readonly starts: Int32Array;
  readonly holders: readonly Holders[];
  /** Every entry's title words, then its other words, as word ids, back to back. */
  readonly tokens: Int32Array;
  /** Where entry i's title words (2i) and other words (2i + 1) start in `tokens`; one extra start at the end. */
  readonly fieldStarts: Int32Array;
  /** Each entry's folded title length, in characters. */
  readonly titleLengths: Int32Array;
  /** The number of entries. */
  readonly size: number;
}

/** The two texts of an entry a query is looked for in, in rank order. */
export const TITLE = 0;
export const OTHER_TEXT = 1;

const bitset = (size: number) => new Uint32Array(Math.ceil(size / 32));
export const hasBit = (bits: Uint32Array, at: number) => ((bits[at >>> 5] ?? 0) >>> (at & 31)) & 1;
export const clearBit = (bits: Uint32Array, at: number) => {
  bits[at >>> 5] = (bits[at >>> 5] ?? 0) & ~(1 << (at & 31));
};

function bitCount(word: number): number {
  let n = word - ((word >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many bits are set. */
export function countBits(bits: Uint32Array): number {
  let count = 0;
  for (const word of bits) count += bitCount(word);
  return count;
}

/** The positions of the set bits, ascending. */
export function setBits(bits: Uint32Array): Int32Array {
  const out = new Int32Array(countBits(bits));
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    for (let word = bits[w] ?? 0; word !== 0; word &= word - 1) out[n++] = w * 32 + 31 - Math.clz32(word & -word);
  }
  return out;
}

/**
 * Words numbered across builds: a word keeps its id from one build to the next and new words are added at the end,
 * so an entry whose texts did not change keeps its run of word ids (see WordRun) and is not cut into words again.
 * Words no entry uses any more stay behind (they match nothing); once they are a quarter of the live ones, the next
 * build starts a fresh vocabulary (see isWorn()).
 */
export class Vocabulary {
  readonly ids = new Map<string, number>();
  readonly words: string[] = [];
  /** Words of the vocabulary no entry held at the last build. */
  unused = 0;

  idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
    }
    return id;
  }

  /** Whether the next build had better start a fresh vocabulary. */
  isWorn(): boolean {
    return this.unused * 4 > this.words.length - this.unused;
  }
}

/** One entry's folded title and other text as word ids of a vocabulary: its title's words, then the others. */
export interface WordRun {
  readonly vocabulary: Vocabulary;
  readonly tokens: Int32Array;
  /** How many of the tokens are the title's. */
  readonly titleWords: number;
  /** The folded title's length, in characters. */
  readonly titleLength: number;
}

/** Cuts an entry's folded title and other text (single spaces between words) into words of `vocabulary`. */
export function wordRun(vocabulary: Vocabulary, title: string, other: string): WordRun {
  const ids = (text: string) => (text === "" ? [] : text.split(" ").map((word) => vocabulary.idOf(word)));
  const titleIds = ids(title);
  return {
    vocabulary,
    tokens: Int32Array.from([...titleIds, ...ids(other)]),
    titleWords: titleIds.length,
    titleLength: title.length,
  };
}

/** The index of entries already cut into words, all of one vocabulary (in entry order). */
export function indexRuns(vocabulary: Vocabulary, runs: readonly WordRun[]): WordIndex {
  const words = vocabulary.words;
  let total = 0;
  for (const run of runs) total += run.tokens.length;
  const tokens = new Int32Array(total);
  const fieldStarts = new Int32Array(2 * runs.length + 1);
  // Two passes over the tokens: how many entries hold each word, then which (typed arrays, no growing lists).
  const holderCounts = new Int32Array(words.length);
  const lastHolder = new Int32Array(words.length).fill(-1);
  let offset = 0;
  runs.forEach((run, at) => {
    if (run.vocabulary !== vocabulary) throw new Error("Every run of an index is of its vocabulary.");
    fieldStarts[2 * at] = offset;
    fieldStarts[2 * at + 1] = offset + run.titleWords;
    tokens.set(run.tokens, offset);
    offset += run.tokens.length;
    for (const id of run.tokens) {
      if (lastHolder[id] === at) continue;
      lastHolder[id] = at;
      holderCounts[id] = (holderCounts[id] ?? 0) + 1;
    }
  });
  fieldStarts[2 * runs.length] = offset;
  // A bitset costs size/8 bytes, a list 4 bytes per holder: keep the smaller.
  const common = Math.max(1, runs.length / 32);
  let unused = 0;
  const holders = Array.from(holderCounts, (n): Holders => {
    if (n === 0) unused++;
    return n < common ? new Int32Array(n) : bitset(runs.length);
  });
  const filled = new Int32Array(words.length);
  lastHolder.fill(-1);
  runs.forEach((run, at) => {
    for (const id of run.tokens) {
      if (lastHolder[id] === at) continue;
      lastHolder[id] = at;
      const list = holders[id];
      if (list instanceof Uint32Array) list[at >>> 5] = (list[at >>> 5] ?? 0) | (1 << (at & 31));
      else if (list) {
        const n = filled[id] ?? 0;
        list[n] = at;
        filled[id] = n + 1;
      }
    }
  });
  vocabulary.unused = unused;
  const starts = new Int32Array(words.length + 1);
  let position = 1;
  words.forEach((word, id) => {
    starts[id] = position;
    position += word.length + 1;
  });
  starts[words.length] = position;
  return {
    text: SEPARATOR + words.join(SEPARATOR) + SEPARATOR,
    starts,
    holders,
    tokens,
    fieldStarts,
    titleLengths: Int32Array.from(runs, (run) => run.titleLength),
    size: runs.length,
  };
}

const wordLength = (words: WordIndex, id: number) => (words.starts[id + 1] ?? 0) - (words.starts[id] ?? 0) - 1;

/** Adds the holders of one word to `into`. */
function addHolders(into: Uint32Array, holders: Holders): void {
  if (holders instanceof Uint32Array) {
    for (let w = 0; w < holders.length; w++) into[w] = (into[w] ?? 0) | (holders[w] ?? 0);
  } else {
    for (const at of holders) into[at >>> 5] = (into[at >>> 5] ?? 0) | (1 << (at & 31));
  }
}

/**
 * Every word `pattern` stands in, once each, with where in the word it first starts: one scan of the vocabulary,
 * jumping to the next word after each hit. A pattern that begins with the separator finds the words it begins;
 * one that ends with it, the words it ends.
 */
function eachWord(words: WordIndex, pattern: string, visit: (id: number, offset: number) => void): void {
  const lead = pattern.startsWith(SEPARATOR) ? 1 : 0;
  let id = 0;
  let from = 0;
  for (;;) {
    const hit = words.text.indexOf(pattern, from);
    if (hit < 0) return;
    const at = hit + lead;
    while ((words.starts[id + 1] ?? Infinity) <= at) id++;
    visit(id, at - (words.starts[id] ?? 0));
    // The separator before the next word, where a pattern that begins a word can stand next.
    from = (words.starts[id + 1] ?? words.text.length) - 1;
  }
}

/** The id of exactly `word` (one scan of the vocabulary), or -1. */
function wordId(words: WordIndex, word: string): number {
  let found = -1;
  eachWord(words, SEPARATOR + word + SEPARATOR, (id) => {
    if (found < 0) found = id;
  });
  return found;
}

/** A folded query, ready to be looked for in the index. */
export interface CompiledQuery {
  /** The entries that may hold the query (each one does when `exact`). */
  readonly candidates: Uint32Array;
  readonly exact: boolean;
  /** One word: where the query first stands in each word that holds it, plus one (0 for the others). */
  readonly offsets: Int32Array | null;
  /** Several words: which words end with the first (1) and begin with the last (2). */
  readonly roles: Uint8Array;
  /** Several words: the ids of the middle ones. */
  readonly middle: readonly number[];
  readonly span: number;
  readonly firstLength: number;
}

const ENDS_FIRST = 1;
const BEGINS_LAST = 2;

/** Adds the holders of every word `pattern` stands in to `into`, telling `mark` where in the word it stands. */
function holdersOf(
  words: WordIndex,
  pattern: string,
  into: Uint32Array,
  mark: (id: number, offset: number) => void,
): void {
  eachWord(words, pattern, (id, offset) => {
    mark(id, offset);
    const holders = words.holders[id];
    if (holders) addHolders(into, holders);
  });
}

/**
 * A query of one word stands inside words: the entries holding a word that contains it are exactly its matches.
 * A query of several stands across words: the first ends a word, the middle ones are whole words, the last
 * begins a word; the entries holding all of those are candidates, and an entry's run of word ids says whether
 * they stand in a row.
 */
export function compileQuery(words: WordIndex, q: string): CompiledQuery {
  const candidates = bitset(words.size);
  const vocabulary = words.starts.length - 1;
  const parts = q.includes(SEPARATOR) ? [] : q.split(" ");
  if (parts.length <= 1) {
    const offsets = new Int32Array(vocabulary);
    if (parts.length === 1) holdersOf(words, q, candidates, (id, offset) => (offsets[id] = offset + 1));
    return { candidates, exact: true, offsets, roles: new Uint8Array(0), middle: [], span: 1, firstLength: q.length };
  }
  const first = parts[0] ?? "";
  const last = parts[parts.length - 1] ?? "";
  const middle = parts.slice(1, -1).map((word) => wordId(words, word));
  const roles = new Uint8Array(vocabulary);
  const beginning = bitset(words.size);
  holdersOf(words, first + SEPARATOR, candidates, (id) => (roles[id] = (roles[id] ?? 0) | ENDS_FIRST));
  holdersOf(words, SEPARATOR + last, beginning, (id) => (roles[id] = (roles[id] ?? 0) | BEGINS_LAST));
  const these = bitset(words.size);
  for (const id of middle) {
    const holders = id < 0 ? undefined : words.holders[id];
    these.fill(0);
    if (holders) addHolders(these, holders);
    for (let w = 0; w < candidates.length; w++) candidates[w] = (candidates[w] ?? 0) & (these[w] ?? 0);
  }
  for (let w = 0; w < candidates.length; w++) candidates[w] = (candidates[w] ?? 0) & (beginning[w] ?? 0);
  return { candidates, exact: false, offsets: null, roles, middle, span: parts.length, firstLength: first.length };
}

/**
 * Where the query first starts in one text of entry `at` (TITLE or OTHER_TEXT), in characters, or -1 when it
 * does not stand there at or before `upTo`.
 */
export function firstPosition(words: WordIndex, query: CompiledQuery, at: number, field: number, upTo: number): number {
  const { tokens } = words;
  const { offsets, roles, middle, span } = query;
  const end = words.fieldStarts[2 * at + field + 1] ?? 0;
  let pos = 0;
  for (let k = words.fieldStarts[2 * at + field] ?? 0; k < end && pos <= upTo; k++) {
    const id = tokens[k] ?? 0;
    if (offsets) {
      const offset = offsets[id] ?? 0;
      if (offset > 0) return pos + offset - 1 <= upTo ? pos + offset - 1 : -1;
    } else if (((roles[id] ?? 0) & ENDS_FIRST) !== 0 && k + span <= end) {
      let inRow = ((roles[tokens[k + span - 1] ?? 0] ?? 0) & BEGINS_LAST) !== 0;
      for (let i = 0; inRow && i < middle.length; i++) inRow = tokens[k + 1 + i] === middle[i];
      const start = pos + wordLength(words, id) - query.firstLength;
      if (inRow) return start <= upTo ? start : -1;
    }
    pos += wordLength(words, id) + 1;
  }
  return -1;
}

/** A word index as typed arrays and one string, to cross from a worker to the page without copying. */
export interface PackedWords {
  text: string;
  starts: Int32Array;
  /** 1 where a word's holders are a bitset, 0 where they are a list. */
  kinds: Uint8Array;
  /** Where each word's holders start in `holders` (one extra start at the end). */
  holderStarts: Int32Array;
  holders: Int32Array;
  tokens: Int32Array;
  fieldStarts: Int32Array;
  titleLengths: Int32Array;
  size: number;
}

export function packWords(words: WordIndex): { packed: PackedWords; transfer: ArrayBuffer[] } {
  const kinds = Uint8Array.from(words.holders, (h) => (h instanceof Uint32Array ? 1 : 0));
  const holderStarts = new Int32Array(words.holders.length + 1);
  words.holders.forEach((h, id) => (holderStarts[id + 1] = (holderStarts[id] ?? 0) + h.length));
  const holders = new Int32Array(holderStarts[words.holders.length] ?? 0);
  words.holders.forEach((h, id) => holders.set(new Int32Array(h.buffer, h.byteOffset, h.length), holderStarts[id]));
  const packed: PackedWords = {
    text: words.text,
    starts: words.starts,
    kinds,
    holderStarts,
    holders,
    tokens: words.tokens,
    fieldStarts: words.fieldStarts,
    titleLengths: words.titleLengths,
    size: words.size,
  };
  const buffers = [kinds, holderStarts, holders, words.starts, words.tokens, words.fieldStarts, words.titleLengths];
  return { packed, transfer: buffers.map((a) => a.buffer as ArrayBuffer) };
}

export function unpackWords(packed: PackedWords): WordIndex {
  const { holders, holderStarts, kinds } = packed;
  const views = Array.from(kinds, (kind, id): Holders => {
    const start = holderStarts[id] ?? 0;
    const length = (holderStarts[id + 1] ?? 0) - start;
    const offset = holders.byteOffset + start * 4;
    return kind === 1
      ? new Uint32Array(holders.buffer, offset, length)
      : new Int32Array(holders.buffer, offset, length);
  });
  return {
    text: packed.text,
    starts: packed.starts,
    holders: views,
    tokens: packed.tokens,
    fieldStarts: packed.fieldStarts,
    titleLengths: packed.titleLengths,
    size: packed.size,
  };
}
