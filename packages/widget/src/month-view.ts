import { h } from './dom.ts';
import type { Format } from './format.ts';
import type { Messages } from './messages.ts';
import { addDays, monthWeeks, moveBy, type Selection } from './month.ts';

/** What the month table shows of one day. */
export interface DayState {
  taken: boolean;
  past: boolean;
  /** Its month's nights have not arrived yet: neither free nor taken is known. */
  loading: boolean;
  price: number | undefined;
}

export interface MonthViewInput {
  month: string;
  focusDay: string;
  selection: Selection;
  firstDay: number;
  loading: boolean;
  dayState(day: string): DayState;
}

/**
 * The month as a table of day buttons (one tab stop, the focused day; arrow keys, Home/End and
 * Page Up/Down move it, as in the WAI-ARIA date picker pattern). `onMove` is told where focus
 * goes, `onPick` which day was chosen.
 */
export function monthTable(
  input: MonthViewInput,
  t: Messages,
  f: Format,
  onMove: (day: string) => void,
  onPick: (day: string) => void,
): HTMLTableElement {
  const weeks = monthWeeks(input.month, input.firstDay);
  const { checkin, checkout } = input.selection;
  // Any row has seven days once padded: the weekday names come from the first full week.
  const sample = addDays(
    `${input.month}-01`,
    ((input.firstDay % 7) - new Date(`${input.month}-01T00:00:00Z`).getUTCDay() + 7) % 7,
  );
  const head = h(
    'tr',
    {},
    ...Array.from({ length: 7 }, (_, i) => {
      const name = f.weekday(addDays(sample, i));
      return h('th', { scope: 'col', abbr: name.long }, name.short);
    }),
  );
  const rows = weeks.map((week) =>
    h(
      'tr',
      {},
      ...week.map((day) => {
        if (day === null) return h('td', {});
        const state = input.dayState(day);
        const role = day === checkin ? t.arrival : day === checkout ? t.departure : null;
        const inRange = checkin !== null && checkout !== null && day > checkin && day < checkout;
        const priced = !state.past && !state.loading && !state.taken && state.price !== undefined;
        // The name starts with what the button shows (day, price), then says the rest, unseen.
        const status = state.past ? 'past' : state.loading ? 'loading' : state.taken ? 'taken' : 'free';
        const words = ['', f.fullDate(day), t[status]];
        if (role !== null) words.push(role);
        const cls = ['day', status];
        if (role !== null) cls.push('chosen');
        if (inRange) cls.push('between');
        return h(
          'td',
          {},
          h(
            'button',
            {
              type: 'button',
              class: cls.join(' '),
              'data-day': day,
              tabindex: day === input.focusDay ? 0 : -1,
              'aria-pressed': role !== null || inRange ? 'true' : 'false',
              // A taken night's day stays operable: it may be a departure day.
              'aria-disabled': state.past || state.loading ? 'true' : null,
              onclick: () => {
                onPick(day);
              },
            },
            h('span', { class: 'num' }, String(Number(day.slice(8)))),
            priced ? ' ' : null,
            priced ? h('span', { class: 'price' }, f.price(state.price ?? 0)) : null,
            h('span', { class: 'sr' }, words.join(', ')),
          ),
        );
      }),
    ),
  );
  const table = h(
    'table',
    {
      class: 'grid',
      'aria-labelledby': 'month-title',
      'aria-describedby': 'month-help',
      'aria-busy': input.loading ? 'true' : 'false',
    },
    h('thead', {}, head),
    h('tbody', {}, ...rows),
  );
  table.addEventListener('keydown', (event) => {
    const moved = moveBy(event.key, input.focusDay, input.firstDay);
    if (moved === null) return;
    event.preventDefault();
    onMove(moved);
  });
  return table;
}
