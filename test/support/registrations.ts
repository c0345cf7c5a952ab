import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Executor } from '../../src/db/store.ts';
import type { RegistrationGuestsTable } from '../../src/db/schema.ts';
import type { Insertable } from 'kysely';

/**
 * Test factories for registrations: a booking's check-in written straight into the tables of
 * migration 0032 (online check-in itself is built elsewhere), and a folder holding a few rows of
 * each code table as the Alloggiati Web portal lets the host download them.
 */

type GuestInput = Partial<Omit<Insertable<RegistrationGuestsTable>, 'booking_id' | 'position'>>;

export const ANNA: GuestInput = {
  first_name: 'Anna',
  last_name: 'Bianchi',
  sex: 'F',
  birth_date: '1985-03-01',
  birth_place: 'Bologna',
  nationality: 'IT',
  document_type: 'id_card',
  document_number: 'CA1234567',
  document_country: 'IT',
  address: JSON.stringify({ street: 'Via Roma 1', zip: '40121', city: 'Bologna', country: 'IT' }),
};

export const JONAS: GuestInput = {
  first_name: 'Jonas',
  last_name: 'Weiß',
  sex: 'M',
  birth_date: '1983-11-20',
  birth_place: 'München',
  nationality: 'DE',
  document_type: 'passport',
  document_number: 'C01X00T47',
  document_country: 'DE',
};

/** Writes a check-in: one row in `registrations`, one per guest in the order given. */
export async function registerGuests(
  db: Executor,
  bookingId: number,
  guests: readonly GuestInput[],
  arrivalTime: string | null = '16:30',
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('registrations')
    .values({ booking_id: bookingId, arrival_time: arrivalTime, created_at: now, updated_at: now })
    .execute();
  for (const [position, g] of guests.entries())
    await db
      .insertInto('registration_guests')
      .values({
        first_name: 'Guest',
        last_name: 'Unknown',
        ...g,
        booking_id: bookingId,
        position,
        created_at: now,
        updated_at: now,
      })
      .execute();
}

/** A folder of the portal's tables (a few rows each); `skip` leaves a file out. */
export function alloggiatiFolder(skip: string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alloggiati-'));
  const files: Record<string, string> = {
    'comuni.csv': [
      'Codice,Descrizione,Provincia,DataFineVal',
      '408037006,BOLOGNA,BO,',
      '412058091,ROMA,RM,',
      '420092512,ABBASANTA,CA,15/07/1974 00:00:00',
    ].join('\r\n'),
    'stati.csv': [
      'Codice,Descrizione,Provincia,DataFineVal',
      '100000100,ITALIA,ES,',
      '100000216,GERMANIA,ES,',
      '100000215,FRANCIA,ES,',
    ].join('\r\n'),
    // Semicolons and Windows-1252, as some downloads come.
    'documenti.csv':
      'Codice;Descrizione\r\nIDENT;CARTA DI IDENTITA\x92\r\nPASOR;PASSAPORTO ORDINARIO\r\nPATEN;PATENTE DI GUIDA',
    'tipi_alloggiato.csv':
      'Codice,Descrizione\n16,OSPITE SINGOLO\n17,CAPO FAMIGLIA\n18,CAPO GRUPPO\n19,FAMILIARE\n20,MEMBRO GRUPPO',
    'leggimi.pdf': 'not a table',
  };
  for (const [name, text] of Object.entries(files))
    if (!skip.includes(name)) fs.writeFileSync(path.join(dir, name), Buffer.from(text, 'latin1'));
  return dir;
}
