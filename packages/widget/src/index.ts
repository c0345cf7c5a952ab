import { StaydeskBooking } from './element.ts';

export { StaydeskBooking } from './element.ts';
export type { PayHook, PaymentRequest } from './element.ts';
export type { Messages } from './messages.ts';

if (customElements.get('staydesk-booking') === undefined) customElements.define('staydesk-booking', StaydeskBooking);

declare global {
  interface HTMLElementTagNameMap {
    'staydesk-booking': StaydeskBooking;
  }
}
