import type { Executor } from '../../db/store.ts';
import { loadRegistration } from '../../registrations/registration-repository.ts';
import { registrationState, type StoredGuest } from '../../registrations/registration-state.ts';
import { html, type Html } from '../../shared/html.ts';
import type { ConsoleUser } from '../session-repository.ts';
import { may } from '../../users/permissions.ts';
import type { Formatter } from '../format.ts';
import { checkInBadge, stackTable } from '../layout.ts';

/**
 * A booking's online check-in on its page (docs/guest-page.md#online-check-in): how far it is,
 * the arrival time, and, for the roles that may read them (`registrations.read`), each guest's
 * registration details. A role without it sees the state and the arrival time only.
 */

const DOCUMENTS: Readonly<Record<string, string>> = {
  passport: 'Passport',
  id_card: 'Identity card',
  driving_licence: 'Driving licence',
};

const given = (...parts: (string | null)[]): string => parts.filter((p) => p !== null && p !== '').join(', ') || '—';

function documentOf(g: StoredGuest, f: Formatter): string {
  if (g.documents_erased_at !== null) return `erased ${f.date(g.documents_erased_at.slice(0, 10))}`;
  return given(
    g.document_type === null ? null : (DOCUMENTS[g.document_type] ?? g.document_type),
    g.document_number,
    g.document_country,
  );
}

function guestRows(guests: readonly StoredGuest[], f: Formatter): Html {
  return stackTable(['#', 'Name', 'Sex', 'Born', 'Nationality', 'Document', 'Home address'], guests, (g) => [
    g.position + 1,
    given([g.first_name, g.last_name].filter((n) => n !== null).join(' ')),
    g.sex ?? '—',
    given(g.birth_date === null ? null : f.date(g.birth_date), g.birth_place),
    g.nationality ?? '—',
    documentOf(g, f),
    g.address === null ? '' : given(g.address.street, g.address.postal_code, g.address.city, g.address.country),
  ]);
}

export async function bookingCheckInSection(
  db: Executor,
  user: ConsoleUser,
  booking: { id: number; adults: number; children: number },
  f: Formatter,
): Promise<Html> {
  const stored = await loadRegistration(db, booking.id);
  const state = registrationState(booking.adults + booking.children, stored);
  const arrival = stored.arrival_time === null ? 'not given' : stored.arrival_time;
  const sent =
    stored.updated_at === null ? '' : html` <span class="muted">(last sent ${f.instant(stored.updated_at)})</span>`;
  const details = !may(user.role, 'registrations.read')
    ? html`<p class="muted">Your role shows how far the check-in is, not the guests' details.</p>`
    : stored.guests.length === 0
      ? html`<p class="muted">No guest registered yet.</p>`
      : guestRows(stored.guests, f);
  return html`<h2 id="check-in">Check-in</h2>
<p>${checkInBadge(state)} ${booking.adults + booking.children} guest(s) to register; arrival time ${arrival}${sent}</p>
${details}`;
}
