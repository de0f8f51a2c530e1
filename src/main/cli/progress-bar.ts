/** A one-line progress bar for terminals (redrawn in place), or a line every `every` items when output is a file. */
export function progressReporter(label: string, stream: NodeJS.WriteStream = process.stderr, every = 1000) {
  let lastDraw = 0;
  let lastLogged = -1;
  return (done: number, total: number) => {
    const width = 30;
    const filled = total ? Math.round((done / total) * width) : width;
    const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
    if (stream.isTTY) {
      if (done !== total && Date.now() - lastDraw < 100) return;
      lastDraw = Date.now();
      stream.write(`\r${line}${done === total ? '\n' : ''}`);
    } else if (done === total || Math.floor(done / every) !== Math.floor(lastLogged / every)) {
      lastLogged = done;
      stream.write(`${line}\n`);
    }
  };
}
