/**
 * How many transactions may be open at once; the others wait their turn, in
 * the order they asked.
 *
 * SQLite has one connection and one writer, so it gets one slot: transactions
 * run one after another in this process instead of failing or busy-waiting on
 * SQLite's lock.
 *
 * PostgreSQL gets fewer slots than the pool has connections. A transaction may
 * read through the pool while it is open (a store not bound to it), and it may
 * hold a row lock while it does: if every connection were held by
 * transactions waiting for that lock, the read would wait for a connection
 * forever, and so would they. Keeping connections outside the transactions'
 * share means such a read always finds one (reads wait for no row lock).
 */
export class TransactionSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new Error(`a transaction needs at least one slot, got ${slots}`);
    this.free = slots;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot straight to the next waiter, so a newcomer cannot overtake the queue. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}
