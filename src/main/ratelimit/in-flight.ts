/**
 * Counts the requests of each subject (an API key) that are still being answered, so a route can refuse one beyond a
 * limit. Counting is synchronous, so concurrent requests can never over-admit; a subject at zero is forgotten.
 */
export class InFlight {
  private readonly open = new Map<string, number>();

  /** Admits one more request of `subject` when fewer than `limit` are open; the caller must `leave` once it is done. */
  enter(subject: string, limit: number): boolean {
    const n = this.open.get(subject) ?? 0;
    if (n >= limit) return false;
    this.open.set(subject, n + 1);
    return true;
  }

  leave(subject: string): void {
    const n = (this.open.get(subject) ?? 0) - 1;
    if (n > 0) this.open.set(subject, n);
    else this.open.delete(subject);
  }

  count(subject: string): number {
    return this.open.get(subject) ?? 0;
  }
}
