import type { GuestLanguage } from '../shared/guest-language.ts';
import type { AddressField, GuestField, RegistrationReason } from './registration-fields.ts';
import type { RegistrationState } from './registration-state.ts';

/** The check-in form's words in each guest language (docs/guest-page.md#online-check-in). */
export interface CheckInWords {
  title: string;
  intro: string;
  state: Record<RegistrationState, string>;
  stateLabel: string;
  guest(n: number, kind: 'adult' | 'child', lead: boolean): string;
  fields: Record<GuestField | AddressField | 'arrival_time', string>;
  address: string;
  arrivalHint: string;
  choose: string;
  sexes: { M: string; F: string };
  documents: { passport: string; id_card: string; driving_licence: string };
  save: string;
  fix: string;
  /** Why a field was refused; `other` for reasons a form cannot cause (a wrong JSON type). */
  reasons: Partial<Record<RegistrationReason, string>> & { other: string };
}

export const CHECK_IN_WORDS: Readonly<Record<GuestLanguage, CheckInWords>> = {
  en: {
    title: 'Online check-in',
    intro:
      'The law asks us to register every guest before arrival. ' +
      'Fill in what you have now; you can come back to complete it.',
    state: { missing: 'not started', partial: 'started, not complete', complete: 'complete' },
    stateLabel: 'Check-in',
    guest: (n, kind, lead) => `Guest ${n} (${kind === 'adult' ? 'adult' : 'child'}${lead ? ', main guest' : ''})`,
    fields: {
      first_name: 'First name',
      last_name: 'Last name',
      sex: 'Sex',
      birth_date: 'Date of birth',
      birth_place: 'Place of birth',
      nationality: 'Nationality',
      document_type: 'Identity document',
      document_number: 'Document number',
      document_country: 'Country that issued the document',
      street: 'Street and number',
      postal_code: 'Postal code',
      city: 'City',
      country: 'Country',
      arrival_time: 'Expected arrival time',
    },
    address: 'Home address of the main guest',
    arrivalHint: 'Hours and minutes, for example 16:30.',
    choose: 'Choose…',
    sexes: { M: 'Male', F: 'Female' },
    documents: { passport: 'Passport', id_card: 'Identity card', driving_licence: 'Driving licence' },
    save: 'Save check-in',
    fix: 'Please correct these fields:',
    reasons: {
      invalid_date: 'Enter a real date.',
      future_date: 'This date is in the future.',
      implausible_date: 'Check the year: this is more than 120 years ago.',
      unknown_country: 'Choose a country from the list.',
      invalid_enum: 'Choose one of the options.',
      invalid_time: 'Enter a time as hours and minutes, for example 16:30.',
      invalid_maxLength: 'This is too long.',
      invalid_pattern: 'Use only letters, digits, spaces and hyphens.',
      too_many_guests: 'There are more guests than the booking has.',
      other: 'This could not be read.',
    },
  },
  de: {
    title: 'Online-Check-in',
    intro:
      'Das Gesetz verlangt, dass wir jeden Gast vor der Anreise melden. ' +
      'Füllen Sie aus, was Sie jetzt haben; den Rest können Sie später ergänzen.',
    state: { missing: 'nicht begonnen', partial: 'begonnen, nicht vollständig', complete: 'vollständig' },
    stateLabel: 'Check-in',
    guest: (n, kind, lead) => `Gast ${n} (${kind === 'adult' ? 'Erwachsener' : 'Kind'}${lead ? ', Hauptgast' : ''})`,
    fields: {
      first_name: 'Vorname',
      last_name: 'Nachname',
      sex: 'Geschlecht',
      birth_date: 'Geburtsdatum',
      birth_place: 'Geburtsort',
      nationality: 'Staatsangehörigkeit',
      document_type: 'Ausweisdokument',
      document_number: 'Dokumentnummer',
      document_country: 'Ausstellungsland des Dokuments',
      street: 'Straße und Hausnummer',
      postal_code: 'Postleitzahl',
      city: 'Ort',
      country: 'Land',
      arrival_time: 'Voraussichtliche Ankunftszeit',
    },
    address: 'Wohnanschrift des Hauptgastes',
    arrivalHint: 'Stunden und Minuten, zum Beispiel 16:30.',
    choose: 'Bitte wählen…',
    sexes: { M: 'Männlich', F: 'Weiblich' },
    documents: { passport: 'Reisepass', id_card: 'Personalausweis', driving_licence: 'Führerschein' },
    save: 'Check-in speichern',
    fix: 'Bitte korrigieren Sie diese Felder:',
    reasons: {
      invalid_date: 'Geben Sie ein gültiges Datum ein.',
      future_date: 'Dieses Datum liegt in der Zukunft.',
      implausible_date: 'Prüfen Sie das Jahr: Das liegt mehr als 120 Jahre zurück.',
      unknown_country: 'Wählen Sie ein Land aus der Liste.',
      invalid_enum: 'Wählen Sie eine der Möglichkeiten.',
      invalid_time: 'Geben Sie eine Uhrzeit in Stunden und Minuten ein, zum Beispiel 16:30.',
      invalid_maxLength: 'Das ist zu lang.',
      invalid_pattern: 'Nur Buchstaben, Ziffern, Leerzeichen und Bindestriche.',
      too_many_guests: 'Das sind mehr Gäste, als die Buchung hat.',
      other: 'Das konnte nicht gelesen werden.',
    },
  },
  fr: {
    title: 'Enregistrement en ligne',
    intro:
      "La loi nous demande d'enregistrer chaque voyageur avant l'arrivée. " +
      'Remplissez ce que vous avez maintenant ; vous pourrez revenir compléter.',
    state: { missing: 'non commencé', partial: 'commencé, incomplet', complete: 'complet' },
    stateLabel: 'Enregistrement',
    guest: (n, kind, lead) =>
      `Voyageur ${n} (${kind === 'adult' ? 'adulte' : 'enfant'}${lead ? ', voyageur principal' : ''})`,
    fields: {
      first_name: 'Prénom',
      last_name: 'Nom',
      sex: 'Sexe',
      birth_date: 'Date de naissance',
      birth_place: 'Lieu de naissance',
      nationality: 'Nationalité',
      document_type: "Pièce d'identité",
      document_number: 'Numéro du document',
      document_country: 'Pays de délivrance du document',
      street: 'Numéro et rue',
      postal_code: 'Code postal',
      city: 'Ville',
      country: 'Pays',
      arrival_time: "Heure d'arrivée prévue",
    },
    address: 'Adresse du voyageur principal',
    arrivalHint: 'Heures et minutes, par exemple 16:30.',
    choose: 'Choisir…',
    sexes: { M: 'Masculin', F: 'Féminin' },
    documents: { passport: 'Passeport', id_card: "Carte d'identité", driving_licence: 'Permis de conduire' },
    save: "Enregistrer l'enregistrement",
    fix: 'Veuillez corriger ces champs :',
    reasons: {
      invalid_date: 'Saisissez une date valide.',
      future_date: 'Cette date est dans le futur.',
      implausible_date: "Vérifiez l'année : c'est il y a plus de 120 ans.",
      unknown_country: 'Choisissez un pays dans la liste.',
      invalid_enum: 'Choisissez une des options.',
      invalid_time: 'Saisissez une heure en heures et minutes, par exemple 16:30.',
      invalid_maxLength: "C'est trop long.",
      invalid_pattern: 'Uniquement des lettres, chiffres, espaces et tirets.',
      too_many_guests: 'Il y a plus de voyageurs que dans la réservation.',
      other: "Cela n'a pas pu être lu.",
    },
  },
  es: {
    title: 'Check-in en línea',
    intro:
      'La ley nos exige registrar a cada huésped antes de la llegada. ' +
      'Rellene lo que tenga ahora; puede volver para completarlo.',
    state: { missing: 'sin empezar', partial: 'empezado, incompleto', complete: 'completo' },
    stateLabel: 'Check-in',
    guest: (n, kind, lead) => `Huésped ${n} (${kind === 'adult' ? 'adulto' : 'niño'}${lead ? ', titular' : ''})`,
    fields: {
      first_name: 'Nombre',
      last_name: 'Apellidos',
      sex: 'Sexo',
      birth_date: 'Fecha de nacimiento',
      birth_place: 'Lugar de nacimiento',
      nationality: 'Nacionalidad',
      document_type: 'Documento de identidad',
      document_number: 'Número del documento',
      document_country: 'País que expidió el documento',
      street: 'Calle y número',
      postal_code: 'Código postal',
      city: 'Ciudad',
      country: 'País',
      arrival_time: 'Hora de llegada prevista',
    },
    address: 'Domicilio del titular',
    arrivalHint: 'Horas y minutos, por ejemplo 16:30.',
    choose: 'Elegir…',
    sexes: { M: 'Masculino', F: 'Femenino' },
    documents: { passport: 'Pasaporte', id_card: 'Documento de identidad', driving_licence: 'Permiso de conducir' },
    save: 'Guardar check-in',
    fix: 'Corrija estos campos:',
    reasons: {
      invalid_date: 'Introduzca una fecha válida.',
      future_date: 'Esta fecha está en el futuro.',
      implausible_date: 'Revise el año: es de hace más de 120 años.',
      unknown_country: 'Elija un país de la lista.',
      invalid_enum: 'Elija una de las opciones.',
      invalid_time: 'Introduzca una hora en horas y minutos, por ejemplo 16:30.',
      invalid_maxLength: 'Es demasiado largo.',
      invalid_pattern: 'Solo letras, números, espacios y guiones.',
      too_many_guests: 'Hay más huéspedes de los que tiene la reserva.',
      other: 'No se ha podido leer.',
    },
  },
  it: {
    title: 'Check-in online',
    intro:
      "La legge ci chiede di registrare ogni ospite prima dell'arrivo. " +
      'Compili ciò che ha ora; potrà tornare a completarlo.',
    state: { missing: 'non iniziato', partial: 'iniziato, incompleto', complete: 'completo' },
    stateLabel: 'Check-in',
    guest: (n, kind, lead) => `Ospite ${n} (${kind === 'adult' ? 'adulto' : 'bambino'}${lead ? ', capogruppo' : ''})`,
    fields: {
      first_name: 'Nome',
      last_name: 'Cognome',
      sex: 'Sesso',
      birth_date: 'Data di nascita',
      birth_place: 'Luogo di nascita',
      nationality: 'Cittadinanza',
      document_type: "Documento d'identità",
      document_number: 'Numero del documento',
      document_country: 'Paese che ha rilasciato il documento',
      street: 'Via e numero civico',
      postal_code: 'CAP',
      city: 'Città',
      country: 'Paese',
      arrival_time: 'Orario di arrivo previsto',
    },
    address: 'Indirizzo di residenza del capogruppo',
    arrivalHint: 'Ore e minuti, per esempio 16:30.',
    choose: 'Scegliere…',
    sexes: { M: 'Maschile', F: 'Femminile' },
    documents: { passport: 'Passaporto', id_card: "Carta d'identità", driving_licence: 'Patente di guida' },
    save: 'Salva il check-in',
    fix: 'Correggere questi campi:',
    reasons: {
      invalid_date: 'Inserire una data valida.',
      future_date: 'Questa data è nel futuro.',
      implausible_date: "Controllare l'anno: risale a più di 120 anni fa.",
      unknown_country: "Scegliere un paese dall'elenco.",
      invalid_enum: 'Scegliere una delle opzioni.',
      invalid_time: 'Inserire un orario in ore e minuti, per esempio 16:30.',
      invalid_maxLength: 'Il testo è troppo lungo.',
      invalid_pattern: 'Solo lettere, cifre, spazi e trattini.',
      too_many_guests: 'Ci sono più ospiti di quelli della prenotazione.',
      other: 'Non è stato possibile leggerlo.',
    },
  },
};
