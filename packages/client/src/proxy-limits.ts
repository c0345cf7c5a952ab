/**
 * The booking proxy's budgets, counted in the proxy's memory: requests per visitor per window,
 * and card drafts, per visitor and in all. Drafts matter most: a draft holds its nights until it
 * is paid or its hold ends, and the service caps the live drafts of the proxy's API key
 * (DRAFTS_PER_KEY, 20 by default), so the proxy's own total stays below that cap and no number
 * of visitors can fill it.
 */

export interface RequestBudget {
  max: number;
  windowMs: number;
  /** At most this many visitors are counted at once: past it, ended windows are dropped, then the oldest. */
  maxVisitors: number;
}

/** Counts requests per visitor; `hit` answers the seconds to wait when the visitor is over budget. */
export function createRequestLimiter(budget: RequestBudget, now: () => number) {
  const counters = new Map<string, { count: number; resetAt: number }>();

  function makeRoom(at: number): void {
    if (counters.size < budget.maxVisitors) return;
    for (const [k, c] of counters) if (c.resetAt <= at) counters.delete(k);
    for (const k of counters.keys()) {
      if (counters.size < budget.maxVisitors) break;
      counters.delete(k);
    }
  }

  return {
    hit(visitor: string): number | null {
      const at = now();
      const counter = counters.get(visitor);
      if (counter === undefined || counter.resetAt <= at) {
        // A new window goes to the end, so that the map's order is the windows' order.
        counters.delete(visitor);
        makeRoom(at);
        counters.set(visitor, { count: 1, resetAt: at + budget.windowMs });
        return null;
      }
      counter.count++;
      if (counter.count <= budget.max) return null;
      return Math.max(1, Math.ceil((counter.resetAt - at) / 1000));
    },
  };
}

export interface DraftLimits {
  /** Live card drafts one visitor may hold through the proxy. */
  perVisitor: number;
  /** Live card drafts the whole proxy may hold. */
  perProxy: number;
}

/** One card draft the proxy counts: whose, until when, and which booking once it is made. */
export interface DraftSlot {
  visitor: string;
  endsAt: number;
  bookingId: number | null;
  /** When the proxy last learnt the booking's state (its creation, or a read). */
  readAt: number;
}

export interface DraftRefusal {
  scope: 'visitor' | 'proxy';
  /** Milliseconds until the first of the counted drafts ends its hold. */
  retryAfterMs: number;
  /** The counted drafts of that scope. */
  slots: DraftSlot[];
}

/**
 * The card drafts the proxy has opened that may still hold nights. A slot is taken before the
 * draft is asked for (so concurrent requests cannot all pass the count), given the booking's id
 * and hold end once it is made, given back when the service refused it, and ends when its hold
 * ends or when the service says the booking is no longer a draft (paid or cancelled).
 */
export function createDraftLedger(limits: DraftLimits, holdMs: number, now: () => number) {
  const slots = new Set<DraftSlot>();

  function prune(at: number): void {
    for (const slot of slots) if (slot.endsAt <= at) slots.delete(slot);
  }

  const firstEnd = (of: DraftSlot[], at: number) => Math.max(0, Math.min(...of.map((s) => s.endsAt)) - at);

  return {
    /** Why `visitor` may not open a draft now, or null when it may. */
    refusal(visitor: string): DraftRefusal | null {
      const at = now();
      prune(at);
      const mine = [...slots].filter((s) => s.visitor === visitor);
      if (mine.length >= limits.perVisitor) return { scope: 'visitor', retryAfterMs: firstEnd(mine, at), slots: mine };
      const all = [...slots];
      if (all.length >= limits.perProxy) return { scope: 'proxy', retryAfterMs: firstEnd(all, at), slots: all };
      return null;
    },
    /** Counts a draft about to be asked for (call right after `refusal` answered null). */
    take(visitor: string): DraftSlot {
      const at = now();
      const slot: DraftSlot = { visitor, endsAt: at + holdMs, bookingId: null, readAt: at };
      slots.add(slot);
      return slot;
    },
    /**
     * The draft was made: its id and hold end. A booking already counted (the same idempotency key
     * sent again answers the same booking) keeps its first slot and this one is given back.
     */
    made(slot: DraftSlot, bookingId: number, holdEndsAt: number | null): void {
      for (const other of slots) {
        if (other !== slot && other.bookingId === bookingId) {
          slots.delete(slot);
          return;
        }
      }
      slot.bookingId = bookingId;
      slot.readAt = now();
      if (holdEndsAt !== null) slot.endsAt = holdEndsAt;
    },
    /** The draft was not made (the service refused it). */
    giveBack(slot: DraftSlot): void {
      slots.delete(slot);
    },
    /** The service says the booking is no longer a draft: its nights are paid for or free. */
    ended(bookingId: number): void {
      for (const slot of slots) if (slot.bookingId === bookingId) slots.delete(slot);
    },
    /**
     * Of `of`, the made drafts whose state was not learnt for `everyMs`: worth asking the service
     * whether they ended early. Each is marked read now, so that concurrent requests ask once.
     */
    due(of: DraftSlot[], everyMs: number): { slot: DraftSlot; bookingId: number }[] {
      const at = now();
      const due: { slot: DraftSlot; bookingId: number }[] = [];
      for (const slot of of) {
        if (slot.bookingId === null || at - slot.readAt < everyMs) continue;
        slot.readAt = at;
        due.push({ slot, bookingId: slot.bookingId });
      }
      return due;
    },
    size: () => slots.size,
  };
}
