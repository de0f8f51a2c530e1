/** Whether a request carries a body and whether it has fully arrived: decides when an early answer must close the connection. */
import type { Request } from 'express';

/** Whether the request announces a body (a length above 0, or chunked). */
export const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** A body is still on its way: answering without it must close the connection, or Node would read the rest to discard it. */
export const bodyStillArriving = (req: Request) => hasBody(req) && !req.complete;
