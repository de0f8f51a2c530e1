/**
 * Where a JSON text stops being JSON, for import errors a person can act on ("line 3, column 18, byte 52") instead of
 * "record 0". JSON.parse says where only for some errors, and in words that differ between V8 versions, so the text is
 * scanned again by a small validator (run only after JSON.parse has failed) that finds the first offending character.
 */

export interface JsonErrorLocation {
  line: number;
  column: number;
  byte: number;
  problem: string;
}

class Stop {
  constructor(
    readonly at: number,
    readonly problem: string,
  ) {}
}

const WS = new Set([' ', '\t', '\n', '\r']);

/** The first error of a text JSON.parse rejected (null if it finds none, or nests too deep to scan). */
export function locateJsonError(text: string): JsonErrorLocation | null {
  let i = 0;
  const fail = (problem?: string): never => {
    throw new Stop(
      i,
      i >= text.length ? 'the text ends too early' : (problem ?? `unexpected ${JSON.stringify(text[i])}`),
    );
  };
  const ws = () => {
    while (i < text.length && WS.has(text[i]!)) i++;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) throw new Stop(i, 'a string is not closed');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) fail('a control character (a raw line break?) inside a string');
      if (c === 0x5c) {
        i++;
        const e = text[i];
        if (e === 'u') {
          for (let k = 1; k <= 4; k++)
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail('a \\u escape needs four hex digits');
            }
          i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail('an unknown escape');
      } else i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || !m[0] || m[0] === '-') fail();
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a double-quoted property name');
        string();
        ws();
        if (text[i] !== ':') fail('expected ":" after a property name');
        i++;
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail('expected "," or "]"');
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    fail();
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value();
    ws();
    if (i < text.length) fail('more text after the JSON value');
    return null;
  } catch (e) {
    if (!(e instanceof Stop)) return null; // nested too deep to scan: no location, JSON.parse's message stands alone
    const before = text.slice(0, e.at);
    const lineStart = before.lastIndexOf('\n') + 1;
    return {
      line: (before.match(/\n/g)?.length ?? 0) + 1,
      column: e.at - lineStart + 1,
      byte: Buffer.byteLength(before, 'utf8'),
      problem: e.problem,
    };
  }
}

/**
 * "not valid JSON at line L, column C (byte B): problem", or JSON.parse's own words when no location is found.
 * `within`: where `text` starts in its file (one line of a JSON-lines file), so line and byte are the file's.
 */
export function describeJsonError(
  text: string,
  err: unknown,
  within: { line: number; byte: number } = { line: 1, byte: 0 },
): string {
  const at = locateJsonError(text);
  if (!at) return `not valid JSON: ${err instanceof Error ? err.message : String(err)}`;
  return `not valid JSON at line ${within.line + at.line - 1}, column ${at.column} (byte ${within.byte + at.byte}): ${at.problem}`;
}
