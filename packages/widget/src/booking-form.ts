import { h } from './dom.ts';
import type { Messages } from './messages.ts';

/** The guest counts, and the guest's details with the way to pay: plain labelled form fields. */

export interface Guests {
  adults: number;
  children: number;
  babies: number;
}

export interface GuestDetails {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  notes: string;
  method: 'card_processor' | 'bank_transfer';
}

function field(id: string, label: string, input: HTMLInputElement | HTMLTextAreaElement, small = false): HTMLElement {
  input.id = id;
  return h('div', { class: small ? 'field small' : 'field' }, h('label', { for: id }, label), input);
}

export function guestsFieldset(t: Messages, guests: Guests, onChange: (guests: Guests) => void): HTMLFieldSetElement {
  const count = (name: keyof Guests, min: number) =>
    h('input', {
      type: 'number',
      name,
      min,
      max: 99,
      step: 1,
      value: guests[name],
      inputmode: 'numeric',
      required: true,
    });
  const inputs = { adults: count('adults', 1), children: count('children', 0), babies: count('babies', 0) };
  const read = () => {
    const value = (name: keyof Guests, min: number) => {
      const n = Math.trunc(Number(inputs[name].value));
      return Number.isFinite(n) && n >= min ? Math.min(n, 99) : min;
    };
    onChange({ adults: value('adults', 1), children: value('children', 0), babies: value('babies', 0) });
  };
  for (const input of Object.values(inputs)) input.addEventListener('change', read);
  return h(
    'fieldset',
    {},
    h('legend', {}, t.guests),
    h(
      'div',
      { class: 'row' },
      field('guests-adults', t.adults, inputs.adults, true),
      field('guests-children', t.children, inputs.children, true),
      field('guests-babies', t.babies, inputs.babies, true),
    ),
  );
}

/** The details form; `cardOffered` adds the card choice (first, chosen) when the page can take a card payment. */
export function detailsForm(
  t: Messages,
  cardOffered: boolean,
  onSubmit: (details: GuestDetails) => void,
): { form: HTMLFormElement; submit: HTMLButtonElement } {
  const text = (name: string, type: string, autocomplete: string, required: boolean) =>
    h('input', { type, name, autocomplete, required, maxlength: type === 'email' ? 254 : 100 });
  const submit = h('button', { type: 'submit', class: 'act primary' }, t.book);
  const radio = (value: GuestDetails['method'], label: string, checked: boolean) =>
    h(
      'label',
      { class: 'radio' },
      h('input', { type: 'radio', name: 'method', value, checked, required: true }),
      label,
    );
  const form = h(
    'form',
    { 'aria-labelledby': 'details-title' },
    h('h3', { id: 'details-title' }, t.details),
    h(
      'div',
      { class: 'row' },
      field('guest-first', t.firstName, text('first_name', 'text', 'given-name', true)),
      field('guest-last', t.lastName, text('last_name', 'text', 'family-name', true)),
    ),
    h(
      'div',
      { class: 'row' },
      field('guest-email', t.email, text('email', 'email', 'email', true)),
      field('guest-phone', t.phone, text('phone', 'tel', 'tel', false)),
    ),
    field('guest-notes', t.notes, h('textarea', { name: 'notes', rows: 2, maxlength: 2000 })),
    h(
      'fieldset',
      {},
      h('legend', {}, t.payment),
      cardOffered ? radio('card_processor', t.card, true) : null,
      radio('bank_transfer', t.bankTransfer, !cardOffered),
    ),
    submit,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const value = (name: string) => {
      const v = data.get(name);
      return typeof v === 'string' ? v.trim() : '';
    };
    onSubmit({
      first_name: value('first_name'),
      last_name: value('last_name'),
      email: value('email'),
      phone: value('phone'),
      notes: value('notes'),
      method: value('method') === 'card_processor' ? 'card_processor' : 'bank_transfer',
    });
  });
  return { form, submit };
}
