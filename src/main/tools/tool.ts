/**
 * The contract every calculator and analyzer under /v1/tools implements. A tool is a pure computation module
 * (compute.ts, tested on its own) plus this thin runner, which reads reference data and shapes the response.
 * The HTTP layer validates the request with `request`, calls `run`, stores the result when `save` is true, and
 * wraps it in the envelope; tools never touch HTTP.
 */
import type { z } from 'zod';
import type { CompoundRepo } from '../compounds/compound-repo.ts';
import type { Db } from '../db/connection.ts';
import type { MonographRepo } from '../monographs/monograph-repo.ts';

export interface ToolContext {
  /** The read-only content database: lab_tests, foods, food_nutrients, food_weights, nutrients, ddinter_*, compounds… */
  content: Db;
  compounds: CompoundRepo;
  monographs: MonographRepo;
  now: () => number;
}

/** Thrown by a runner for input that passes the schema but cannot be computed (e.g. missing biomarkers): a 400 naming fields. */
export class ToolInputError extends Error {
  constructor(
    message: string,
    readonly details: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export interface ToolRunner<Req extends z.ZodType, Data extends z.ZodType> {
  /** e.g. "bioage" — the saved result's tool name */
  name: string;
  request: Req;
  /** Shape of `data` (without saved_result_id, which the HTTP layer fills in). */
  data: Data;
  run(ctx: ToolContext, input: z.infer<Req>): Omit<z.infer<Data>, 'saved_result_id'>;
}
