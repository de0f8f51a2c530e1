/**
 * What command-line tools need to read a user's file and talk about it safely: text in UTF-8 with or without a byte
 * order mark, or UTF-16 (little- or big-endian, with its mark), as editors on Windows save JSON; and messages that
 * never pass a file's raw control characters (terminal escape sequences) to the terminal.
 */

/** Decodes by byte order mark: UTF-16 LE/BE or UTF-8 (the mark dropped); without a mark, UTF-8. */
export function decodeText(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return bytes.subarray(3).toString('utf8');
  return bytes.toString('utf8');
}

/** C0 and C1 control characters (ESC, BEL, CR, …) and DEL written as \u escapes; tabs too, so output stays one line. */
export function escapeControls(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
