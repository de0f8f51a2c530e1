/**
 * `npm run vectors:seed`: rewrites the committed vector seed (resources/embeddings/) with the vectors of every record
 * the current content database holds, taken from the local embedding cache (run `npm run build:content` first).
 */
import { join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { searchableTexts } from '../main/search/index-builder.ts';
import { modelFingerprint } from '../main/search/model-files.ts';
import { embeddingModel } from './content-inputs.ts';
import { DEFAULT_CONTENT_DB } from './paths.ts';
import { cachedVectors, textHash } from './steps/embeddings.ts';
import { seedPath, writeSeed } from './steps/vector-seed.ts';

const model = embeddingModel();
const content = new Database(resolve(process.env.MATERIA_CONTENT_DB ?? DEFAULT_CONTENT_DB), { readonly: true });
const texts = Object.values(searchableTexts(content, false))
  .flat()
  .map((i) => i.text);
content.close();
const vectors = await cachedVectors(
  model,
  texts,
  join(resolve(DEFAULT_CONTENT_DB, '..'), 'embedding-cache.sqlite'),
  (l) => console.log(l),
);
const wanted = new Map(texts.map((t) => [textHash(t), vectors.get(textHash(t))!]));
const path = seedPath(model.modelId);
writeSeed(path, modelFingerprint(model), wanted);
console.log(`wrote ${wanted.size} vectors to ${relative(process.cwd(), path)}`);
