export {};
/** `npm run bench`: every benchmark in this folder, one after another. */
const benches = ['compound-search.ts', 'http.ts', 'med-list.ts'];
for (const b of benches) {
  console.log(`\n## ${b}\n`);
  await import(`./${b}`);
}
