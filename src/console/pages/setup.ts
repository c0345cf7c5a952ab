import type { FeatureRoutes } from '../../app-context.ts';
import { readSetupFacts, removeDemo, setupSteps, type SetupFacts, type SetupStepName } from '../../seed/setup-steps.ts';
import { DEMO_NAME } from '../../seed/demo-accommodation.ts';
import { html, type Html } from '../../shared/html.ts';
import type { AppContext } from '../../app-context.ts';
import { pageUrl } from '../console-pages.ts';
import { seeOther } from '../console-request.ts';
import { sessionRoute } from '../console-schemas.ts';
import { csrfField } from '../layout.ts';
import type { Formatter } from '../format.ts';

/**
 * The set-up steps on Today (seed/setup-steps.ts), each with its state and a link to where it is
 * done, until every one is; and the one action of its own: removing the demo home and key.
 */

const REMOVE_DEMO = '/setup/remove-demo';

interface StepText {
  title: string;
  what: Html | string;
  link: { href: string; label: string } | null;
}

/**
 * What the mail step says, following what has actually happened: mail that went out (and when),
 * mail set up with none sent yet (and what waits), or mail not set up.
 */
function mailWords(f: SetupFacts, fmt: Formatter): Html {
  const { sent, lastSentAt, waiting } = f.mail;
  const queued = waiting === 0 ? '' : ` ${waiting === 1 ? 'One mail waits' : `${waiting} mails wait`} in the Outbox.`;
  const how = html`Set <code>SMTP_URL</code> (for example <code>smtps://user:password@smtp.example.com:465</code>) and
<code>MAIL_FROM</code> in the server's environment or its <code>.env</code> file, restart, then send a test mail.`;
  if (!f.smtpConfigured)
    return html`Mail is not set up: guest mails wait in the Outbox.${queued}${
      sent ? ' (Mail went out before, with a mail server set up then.)' : ''
    }
${how}`;
  if (sent) {
    const when = lastSentAt === null ? '' : `, the last one ${fmt.instant(lastSentAt)}`;
    return html`Mail goes out: <code>SMTP_URL</code> is set and mail has been sent${when}.${queued}`;
  }
  return html`<code>SMTP_URL</code> is set, but no mail has gone out yet.${queued} Send a test mail and check
that it arrives (its state is in the Outbox).`;
}

function stepText(name: SetupStepName, f: SetupFacts, csrf: string, fmt: Formatter): StepText {
  const integrations = pageUrl('integrations');
  const home = f.firstHomeId === null ? null : pageUrl('accommodation', { id: f.firstHomeId });
  switch (name) {
    case 'business':
      return {
        title: 'Your business',
        what:
          'Its name, address and tax number head every invoice and sign every guest mail; ' +
          'bank details tell guests where to transfer.',
        link: { href: `${pageUrl('settings')}#business`, label: 'Enter your business details' },
      };
    case 'home':
      return {
        title: 'Your first home and its prices',
        what: 'Create it with its price per night, cleaning fee and stay rules; seasonal prices are set on its page.',
        link:
          home === null
            ? { href: pageUrl('new-accommodation'), label: 'Create your first home' }
            : { href: home, label: 'Set its prices' },
      };
    case 'mail':
      return {
        title: 'Mail to your guests',
        what: mailWords(f, fmt),
        link: { href: `${integrations}#mail`, label: 'Send a test mail' },
      };
    case 'channel':
      return {
        title: 'A channel connected',
        what:
          'Import the calendar of Airbnb, Booking.com or another channel (its iCal address) ' +
          'on a home’s page, so their stays block your nights.',
        link: { href: home ?? pageUrl('accommodations'), label: 'Connect a channel' },
      };
    case 'card':
      return {
        title: 'Card payments',
        what: 'Set the card processor’s signing secret, so that its payment events confirm card bookings.',
        link: { href: `${integrations}#secrets`, label: 'Set the signing secret' },
      };
    case 'partner_key':
      return {
        title: 'A partner key',
        what: 'An API key of its own for your website or channel manager, to check availability and book.',
        link: { href: `${integrations}#api-keys`, label: 'Create a key' },
      };
    case 'demo':
      return {
        title: 'The demo removed',
        what: html`The demo home “${DEMO_NAME}” and the API key printed at the first start, removed together.
<form method="post" action="/admin${REMOVE_DEMO}" class="inline">${csrfField(csrf)}
<button type="submit" class="secondary">Remove the demo home and key</button></form>`,
        link: null,
      };
  }
}

/** The set-up section of Today, or nothing once every step is done. */
export async function setupSection(ctx: AppContext, csrf: string, fmt: Formatter): Promise<Html> {
  const facts = await readSetupFacts(ctx);
  const steps = setupSteps(facts);
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return html``;
  const item = (step: (typeof steps)[number]) => {
    const t = stepText(step.name, facts, csrf, fmt);
    const link = t.link === null || step.done ? '' : html` <a href="${t.link.href}">${t.link.label}</a>`;
    const what = step.done && step.name === 'demo' ? 'The demo home and its key are gone.' : t.what;
    return html`<li class="${step.done ? 'done' : 'todo'}" data-step="${step.name}">
<span class="state">${step.done ? 'Done' : 'To do'}</span><strong>${t.title}</strong>
<p>${what}${link}</p></li>`;
  };
  const heading = `Set up Staydesk (${done} of ${steps.length} done)`;
  return html`<section aria-labelledby="h-setup" id="setup"><h2 id="h-setup">${heading}</h2>
<ol class="steps">${steps.map(item)}</ol></section>`;
}

/** POST /admin/setup/remove-demo: the demo home and key, in one step; back to Today. */
export const setupRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(REMOVE_DEMO, sessionRoute('accommodations', {}), async (_request, reply) => {
    await removeDemo(ctx);
    return seeOther(reply, `${pageUrl('today')}#setup`);
  });
};
