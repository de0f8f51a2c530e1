/**
 * An FTS5 index's postings held in memory, scored exactly as FTS5's bm25() scores them but only over the postings a
 * query touches: term at a time into one accumulator, then a top-k heap. FTS5 has no top-k pruning, and its MATCH
 * walks and scores every record of every OR-ed term through the virtual-table layer; at 100k abstracts that cost a
 * long claim 300–500 ms, where these typed-array loops take a few.
 *
 * The postings are read from FTS5 itself (an fts5vocab "instance" table: every token as the index's own tokenizer
 * made it), so terms, counts and document lengths are FTS5's; a test holds the scores equal to bm25(). Phrases are
 * not held here (no positions): the caller scores them with FTS5 and passes their per-record contributions, which
 * add because bm25() is a sum over the query's phrases.
 */
import type { Db } from '../db/connection.ts';

/** FTS5's bm25() constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;
const MAGIC = 0x4d505354; // "MPST"
const FORMAT = 3;

/** One unit of a query: an index term, or the per-rowid contributions of a phrase the caller scored with FTS5. */
export type ScoredUnit = { term: string } | { contributions: ReadonlyMap<number, number> };
export interface PostingHit {
  rowid: number;
  score: number;
}

interface Header {
  format: number;
  records: number;
  tokens: number;
  weights: number[];
  terms: number;
  postings: number;
}

export class Postings {
  /** Records in the index: FTS5's row count, the N of its idf. */
  readonly records: number;
  /** All tokens of all records (FTS5's "averages" total): avgdl = tokens / records. */
  readonly tokens: number;
  /** The column weights the frequencies were summed with (bm25's weights, integers). */
  readonly weights: readonly number[];
  private readonly termOf: Map<string, number>;
  private readonly norm: Float64Array;
  private readonly slotOfRowid: SlotOfRowid;
  private readonly acc: Float64Array;
  private readonly touched: Uint32Array;

  private readonly h: Header;
  private readonly termList: string[];
  private readonly start: Uint32Array;
  private readonly slots: Uint32Array;
  private readonly freq: Uint16Array;
  readonly rowids: Float64Array;
  private readonly length: Uint32Array;

  // No parameter properties here: the postings worker runs this file with Node's type stripping.
  private constructor(
    h: Header,
    termList: string[],
    start: Uint32Array,
    slots: Uint32Array,
    freq: Uint16Array,
    rowids: Float64Array,
    length: Uint32Array,
  ) {
    this.h = h;
    this.termList = termList;
    this.start = start;
    this.slots = slots;
    this.freq = freq;
    this.rowids = rowids;
    this.length = length;
    this.records = h.records;
    this.tokens = h.tokens;
    this.weights = h.weights;
    this.termOf = new Map(termList.map((t, i) => [t, i]));
    // Per record, bm25's length normalisation k1 · (1 − b + b · D / avgdl), computed once.
    const avgdl = h.records > 0 ? h.tokens / h.records : 1;
    this.norm = new Float64Array(h.records);
    for (let s = 0; s < h.records; s++) this.norm[s] = K1 * (1 - B + (B * length[s]!) / avgdl);
    this.slotOfRowid = new SlotOfRowid(rowids);
    this.acc = new Float64Array(h.records);
    this.touched = new Uint32Array(h.records);
  }

  /** How many records hold the term (an index term, as FTS5's tokenizer made it). */
  documentFrequency(term: string): number {
    const t = this.termOf.get(term);
    return t === undefined ? 0 : this.start[t + 1]! - this.start[t]!;
  }

  /** FTS5's idf for a unit held by n records: log((N − n + 0.5) / (n + 0.5)), at least 1e-6. */
  idf(n: number): number {
    return Math.max(1e-6, Math.log((this.records - n + 0.5) / (n + 0.5)));
  }

  /** The k records with the highest bm25() for these units (best first; ties by rowid), scores as -bm25() gives them. */
  top(units: ScoredUnit[], k: number): PostingHit[] {
    const { acc, touched, norm, slots, freq, start } = this;
    let n = 0;
    for (const u of units) {
      if ('contributions' in u) {
        for (const [rowid, s] of u.contributions) {
          const slot = this.slotOfRowid.get(rowid);
          if (slot < 0 || s === 0) continue;
          if (acc[slot] === 0) touched[n++] = slot;
          acc[slot]! += s;
        }
        continue;
      }
      const t = this.termOf.get(u.term);
      if (t === undefined) continue;
      const from = start[t]!,
        to = start[t + 1]!;
      const idf = this.idf(to - from);
      const scale = idf * (K1 + 1);
      for (let p = from; p < to; p++) {
        const slot = slots[p]!;
        const f = freq[p]!;
        if (acc[slot] === 0) touched[n++] = slot;
        acc[slot]! += (scale * f) / (f + norm[slot]!);
      }
    }
    const best = topSlots(acc, touched, n, k, this.rowids);
    const hits = best.map((s) => ({ rowid: this.rowids[s]!, score: acc[s]! }));
    for (let i = 0; i < n; i++) acc[touched[i]!] = 0;
    return hits;
  }

  /** A compact binary form, stored beside the index it was read from; every array starts on an 8-byte boundary. */
  serialize(): Buffer {
    const terms = Buffer.from(this.termList.join('\n'), 'utf8');
    const head = Buffer.from(JSON.stringify(this.h), 'utf8');
    const pre = Buffer.alloc(12);
    pre.writeUInt32LE(MAGIC, 0);
    pre.writeUInt32LE(head.length, 4);
    pre.writeUInt32LE(terms.length, 8);
    const parts: Buffer[] = [pre, head, terms];
    let size = 12 + head.length + terms.length;
    for (const a of [this.rowids, this.length, this.start, this.slots, this.freq]) {
      const pad = (8 - (size % 8)) % 8;
      parts.push(Buffer.alloc(pad), Buffer.from(a.buffer, a.byteOffset, a.byteLength));
      size += pad + a.byteLength;
    }
    return Buffer.concat(parts);
  }

  /** Views over the blob's own memory when it is 8-byte aligned (one copy otherwise): 100k abstracts' postings are ~90 MB. */
  static deserialize(data: Uint8Array): Postings {
    let bytes = data;
    if (bytes.byteOffset % 8 !== 0) {
      bytes = new Uint8Array(data.byteLength);
      bytes.set(data);
    }
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (buf.length < 12 || buf.readUInt32LE(0) !== MAGIC) throw new Error('not a postings blob');
    const headLen = buf.readUInt32LE(4),
      termsLen = buf.readUInt32LE(8);
    const h = JSON.parse(buf.toString('utf8', 12, 12 + headLen)) as Header;
    if (h.format !== FORMAT) throw new Error(`postings format ${h.format}, this build reads ${FORMAT}`);
    const termList = termsLen ? buf.toString('utf8', 12 + headLen, 12 + headLen + termsLen).split('\n') : [];
    let at = 12 + headLen + termsLen;
    const take = <T>(make: (b: ArrayBufferLike, offset: number, n: number) => T, n: number, width: number): T => {
      at += (8 - (at % 8)) % 8;
      if (at + n * width > buf.length) throw new Error('postings blob is truncated');
      const view = make(bytes.buffer, bytes.byteOffset + at, n);
      at += n * width;
      return view;
    };
    const rowids = take((b, o, n) => new Float64Array(b, o, n), h.records, 8);
    const length = take((b, o, n) => new Uint32Array(b, o, n), h.records, 4);
    const start = take((b, o, n) => new Uint32Array(b, o, n), h.terms + 1, 4);
    const slots = take((b, o, n) => new Uint32Array(b, o, n), h.postings, 4);
    const freq = take((b, o, n) => new Uint16Array(b, o, n), h.postings, 2);
    if (at !== buf.length || termList.length !== h.terms) throw new Error('postings blob is truncated or malformed');
    return new Postings(h, termList, start, slots, freq, rowids, length);
  }

  /**
   * Reads an FTS5 table's postings through fts5vocab (schema-qualified `fts`, e.g. `main.documents_fts`); `weights`
   * are bm25's column weights (integers), summed into each posting's frequency as bm25() sums them.
   */
  static read(db: Db, fts: string, weights: number[]): Postings {
    if (!weights.every((w) => Number.isInteger(w) && w >= 0)) throw new Error('postings hold integer column weights');
    const [schema, table] = fts.split('.') as [string, string];
    const columns = db
      .prepare<[], { name: string }>(`SELECT name FROM ${schema}.pragma_table_info('${table}')`)
      .all()
      .map((c) => c.name);
    const weightOf = new Map(columns.map((c, i) => [c, weights[i] ?? 1]));
    const vocab = `temp.materia_${schema}_${table}_instance`;
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${vocab} USING fts5vocab(${schema}, ${table}, instance)`);
    // Every indexed record, empty ones included (they count in N), in rowid order: its slot.
    const rowidList = db
      .prepare<[], { id: number }>(`SELECT id FROM ${schema}.${table}_docsize ORDER BY id`)
      .raw()
      .all() as unknown as [number][];
    const rowids = new Float64Array(rowidList.length);
    const slotOf = new Map<number, number>();
    rowidList.forEach(([r], i) => {
      rowids[i] = r;
      slotOf.set(r, i);
    });
    const length = new Uint32Array(rowids.length);
    const termList: string[] = [];
    const start = new Grow(Uint32Array, 1 << 16);
    const slots = new Grow(Uint32Array, 1 << 20);
    const freq = new Grow(Uint16Array, 1 << 20);
    let term: string | null = null,
      doc = -1,
      f = 0,
      tokens = 0;
    const flush = () => {
      if (doc >= 0) {
        slots.push(slotOf.get(doc)!);
        freq.push(Math.min(f, 0xffff));
      }
    };
    for (const [t, d, col] of db.prepare(`SELECT term, doc, col FROM ${vocab}`).raw().iterate() as IterableIterator<
      [string, number, string]
    >) {
      if (t !== term) {
        flush();
        doc = -1;
        term = t;
        termList.push(t);
        start.push(slots.length);
      }
      if (d !== doc) {
        flush();
        doc = d;
        f = 0;
      }
      f += weightOf.get(col) ?? 1;
      length[slotOf.get(d)!]!++;
      tokens++;
    }
    flush();
    start.push(slots.length);
    db.exec(`DROP TABLE IF EXISTS ${vocab}`);
    const postings = slots.length;
    return new Postings(
      { format: FORMAT, records: rowids.length, tokens, weights, terms: termList.length, postings },
      termList,
      start.done(),
      slots.done(),
      freq.done(),
      rowids,
      length,
    );
  }
}

/** The k slots with the highest accumulated score among the touched ones, best first, ties by rowid. */
function topSlots(acc: Float64Array, touched: Uint32Array, n: number, k: number, rowids: Float64Array): number[] {
  const m = Math.min(k, n);
  const heap = new Uint32Array(m);
  let size = 0;
  // "a ranks below b": lower score, or the same score and a later rowid.
  const below = (a: number, b: number) => acc[a]! < acc[b]! || (acc[a] === acc[b] && rowids[a]! > rowids[b]!);
  for (let i = 0; i < n; i++) {
    const s = touched[i]!;
    if (size < m) {
      let c = size++;
      heap[c] = s;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (!below(heap[c]!, heap[p]!)) break;
        const x = heap[c]!;
        heap[c] = heap[p]!;
        heap[p] = x;
        c = p;
      }
    } else if (m > 0 && below(heap[0]!, s)) {
      heap[0] = s;
      for (let c = 0; ;) {
        const l = 2 * c + 1,
          r = l + 1;
        let lo = c;
        if (l < size && below(heap[l]!, heap[lo]!)) lo = l;
        if (r < size && below(heap[r]!, heap[lo]!)) lo = r;
        if (lo === c) break;
        const x = heap[c]!;
        heap[c] = heap[lo]!;
        heap[lo] = x;
        c = lo;
      }
    }
  }
  return Array.from(heap.subarray(0, size)).sort((a, b) => (below(a, b) ? 1 : below(b, a) ? -1 : 0));
}

/** rowid → slot: an array indexed by rowid when rowids are dense (content builds), a Map when they are sparse. */
class SlotOfRowid {
  private readonly dense: Int32Array | null = null;
  private readonly sparse: Map<number, number> | null = null;
  constructor(rowids: Float64Array) {
    const max = rowids.length ? rowids[rowids.length - 1]! : 0;
    if ((rowids[0] ?? 0) >= 0 && max <= 2 * rowids.length + 1024) {
      this.dense = new Int32Array(max + 1).fill(-1);
      rowids.forEach((r, s) => {
        this.dense![r] = s;
      });
    } else this.sparse = new Map(Array.from(rowids, (r, s) => [r, s]));
  }
  get(rowid: number): number {
    if (this.dense) return rowid >= 0 && rowid < this.dense.length ? this.dense[rowid]! : -1;
    return this.sparse!.get(rowid) ?? -1;
  }
}

type TypedArray = Uint32Array | Uint16Array;
/** A typed array that doubles as it fills (the postings' final sizes are known only after the scan). */
class Grow<T extends TypedArray> {
  private a: T;
  private readonly Make: new (n: number) => T;
  length = 0;
  constructor(Make: new (n: number) => T, initial: number) {
    this.Make = Make;
    this.a = new Make(initial);
  }
  push(v: number): void {
    if (this.length === this.a.length) {
      const b = new this.Make(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.length++] = v;
  }
  done(): T {
    return this.a.slice(0, this.length) as T;
  }
}
