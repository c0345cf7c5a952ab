import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, FeatureRoutes } from '../app-context.ts';
import { isConfirmed } from '../bookings/booking-transitions.ts';
import { guestPageUrl } from '../guests/guest-page-url.ts';
import { fromFastify, sendError } from '../http/error-handler.ts';
import { isAppError } from '../http/errors.ts';
import { bookingDocumentByNumber } from '../invoices/document-downloads.ts';
import type { LimitHook } from '../limits/rate-limits.ts';
import { cardPaymentsReady, CheckoutUnavailableError, createBalanceCheckout } from '../payments/checkout-session.ts';
import { paymentSummary } from '../pricing/payment-summary.ts';
import { checkInSection } from '../registrations/check-in-section.ts';
import { isJsonRequest, postRegistration } from '../registrations/registration-post.ts';
import { todayIn } from '../shared/dates.ts';
import { guestLanguageOf } from '../shared/guest-language.ts';
import { html } from '../shared/html.ts';
import { guestPageHtml, type GuestPageExtras } from './guest-page-html.ts';
import { guestPageModel } from './guest-page-model.ts';
import { findGuestBooking, guestMoneyAndDocuments, type GuestBooking } from './guest-page-queries.ts';
import { GUEST_PAGE_WORDS } from './guest-page-words.ts';

/**
 * The guest's page (docs/guest-page.md): `GET /guest/<token>`, its documents
 * (`/guest/<token>/documents/<number>`) and paying the balance by card (`POST /guest/<token>/pay`,
 * 303 to the card processor's page). The token is the credential: an unknown or replaced one is
 * a 404 that says nothing more. Every request counts towards the per-address limit
 * (RATE_LIMIT_GUEST_PAGE_PER_IP), so a guesser is refused after a few tries. HTML pages, no
 * script, not in the OpenAPI document.
 */

const CSS = readFileSync(join(import.meta.dirname, 'guest-page.css'), 'utf8');

/** A token as booking-codes.ts makes them; anything else is unknown without asking the store. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });
const PageQuery = Type.Object(
  {
    lang: Type.Optional(Type.String({ maxLength: 20 })),
    paid: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: true },
);
const PayForm = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 20 })) }, { additionalProperties: true });
const DocumentParams = Type.Object({ token: Type.String({ maxLength: 200 }), number: Type.String({ maxLength: 100 }) });

/** Headers of every answer: the token in the address must not leak by Referer, cache or index. */
function securityHeaders(formTargets: string): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'none'",
      "style-src 'self'",
      "img-src 'self'",
      // The pay form's answer redirects to the card processor's page, which form-action covers.
      `form-action 'self' ${formTargets}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'private, no-store',
    'x-robots-tag': 'noindex, nofollow',
    'x-frame-options': 'DENY',
  };
}

/** The card processor's checkout pages (and a stand-in's, when STRIPE_API_BASE points at one). */
function checkoutOrigins(ctx: AppContext): string {
  const base = ctx.config.stripeApiBase;
  const standIn =
    base === null ? '' : ` ${base.protocol}://${base.host.includes(':') ? `[${base.host}]` : base.host}:${base.port}`;
  return `https://checkout.stripe.com${standIn}`;
}

const ERROR_TEXT: Readonly<Record<number, string>> = {
  404: 'This page does not exist.',
  429: 'Too many requests from your address. Please wait a minute and try again.',
};

function errorPage(reply: FastifyReply, status: number): FastifyReply {
  const text = ERROR_TEXT[status] ?? 'Something went wrong. Please try again later.';
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text}</title><link rel="stylesheet" href="/guest/page.css"><link rel="icon" href="/admin/assets/icon.svg" type="image/svg+xml"></head>
<body><main><h1>${text}</h1></main></body></html>
`;
  return reply.code(status).type('text/html; charset=utf-8').send(page.toString());
}

async function renderPage(
  ctx: AppContext,
  booking: GuestBooking,
  token: string,
  language: string | undefined,
  extras: GuestPageExtras,
): Promise<string> {
  const chosen = guestLanguageOf(language ?? null);
  const [rest, card] = await Promise.all([
    guestMoneyAndDocuments(ctx.db, booking.id),
    cardPaymentsReady(ctx.db, ctx.config),
  ]);
  const model = guestPageModel({
    booking: booking,
    home: {
      name: booking.name,
      language: booking.home_language,
      checkin_time: booking.checkin_time,
      checkout_time: booking.checkout_time,
      address: booking.address,
      arrival_instructions: booking.arrival_instructions,
      door_code: booking.door_code,
      door_code_days: booking.door_code_days,
      wifi_name: booking.wifi_name,
      wifi_password: booking.wifi_password,
    },
    ...rest,
    cardPayments: card,
    today: todayIn(booking.timezone, ctx.now()),
    chosenLanguage: chosen,
  });
  // A confirmed stay takes its guests' check-in (src/registrations) until its departure day; a
  // cancelled or unpaid one does not, and after the stay the page no longer shows what was sent.
  const checkIn =
    model.state !== 'confirmed' || todayIn(booking.timezone, ctx.now()) > booking.checkout
      ? null
      : (extras.checkIn ??
        (await checkInSection(ctx.db, booking.id, ctx.now(), {
          language: model.language,
          action: `/guest/${token}/registration`,
          ...(chosen === null ? {} : { hidden: { lang: chosen } }),
        })));
  return guestPageHtml(model, { page: `/guest/${token}` }, { ...extras, checkIn });
}

/** The routes, each behind `limit` (the per-address limit of src/limits, null when off) but the style sheet. */
export function guestPageRoutes(limit: LimitHook | null): FeatureRoutes {
  return async (app, { ctx }) => {
    const headers = securityHeaders(checkoutOrigins(ctx));
    app.addHook('onSend', async (_request, reply) => {
      void reply.headers(headers);
    });
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
      },
    );
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      // A check-in sent as JSON is answered as the API answers: the error envelope (unreadable
      // JSON included).
      const mapped = isJsonRequest(request) ? (isAppError(error) ? error : fromFastify(error)) : null;
      if (mapped !== null) return sendError(request, reply, mapped);
      const status = isAppError(error) ? error.status : (error.statusCode ?? 500);
      if (status >= 500) request.log.error({ err: error }, 'guest page failed');
      return errorPage(reply, status >= 400 && status < 600 ? status : 500);
    });
    const options = { config: { auth: 'public' as const }, schema: { hide: true } };
    const limited = { ...options, ...(limit === null ? {} : { onRequest: limit }) };

    /** The booking the token opens, or a 404 page. */
    const open = async (token: string) => (TOKEN.test(token) ? findGuestBooking(ctx.db, token) : undefined);

    app.get('/guest/page.css', options, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS),
    );

    app.get(
      '/guest/:token',
      { ...limited, schema: { hide: true, params: TokenParams, querystring: PageQuery } },
      async (request, reply) => {
        const booking = await open(request.params.token);
        if (booking === undefined) return errorPage(reply, 404);
        const extras: GuestPageExtras = { notice: request.query.paid === undefined ? null : 'payment_returned' };
        const page = await renderPage(ctx, booking, request.params.token, request.query.lang, extras);
        return reply.type('text/html; charset=utf-8').send(page);
      },
    );

    app.post(
      '/guest/:token/pay',
      {
        ...limited,
        schema: { hide: true, params: TokenParams, body: PayForm },
        // A form without fields may come without a body: it reads as an empty form.
        preValidation: async (request: FastifyRequest) => {
          request.body ??= {};
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        const booking = await open(token);
        if (booking === undefined) return errorPage(reply, 404);
        const balance = paymentSummary(booking).balance;
        const page = `/guest/${token}`;
        // Nothing to pay (paid meanwhile, cancelled): the page shows where the booking stands.
        if (balance <= 0 || !isConfirmed(booking.status)) return reply.redirect(page, 303);
        const language =
          guestLanguageOf(request.body.lang ?? null) ??
          guestLanguageOf(booking.language) ??
          guestLanguageOf(booking.home_language) ??
          'en';
        try {
          const url = await createBalanceCheckout(ctx.db, ctx.config, {
            confirmationCode: booking.confirmation_code,
            amount: balance,
            currency: booking.currency,
            description: `${GUEST_PAGE_WORDS[language].booking} ${booking.confirmation_code} · ${booking.name}`,
            returnUrl: guestPageUrl(ctx.config, token),
            email: booking.guest_email,
            language,
          });
          return await reply.redirect(url, 303);
        } catch (error) {
          if (!(error instanceof CheckoutUnavailableError)) throw error;
          request.log.warn({ booking_id: booking.id, reason: error.message }, 'balance checkout not started');
          const html = await renderPage(ctx, booking, token, language, { notice: 'checkout_failed' });
          return reply.code(503).type('text/html; charset=utf-8').send(html);
        }
      },
    );

    app.post(
      '/guest/:token/registration',
      { ...limited, schema: { hide: true, params: TokenParams, querystring: PageQuery } },
      async (request, reply) => {
        const { token } = request.params;
        const booking = await open(token);
        if (booking === undefined) return errorPage(reply, 404);
        // The language the guest chose on the page: the form's hidden field, or `?lang=`.
        const body = request.body as Readonly<Record<string, unknown>> | undefined;
        const chosen = typeof body?.lang === 'string' ? body.lang : request.query.lang;
        const page = `/guest/${token}`;
        const language =
          guestLanguageOf(chosen ?? null) ??
          guestLanguageOf(booking.language) ??
          guestLanguageOf(booking.home_language) ??
          'en';
        return postRegistration(ctx, booking.id, request, reply, {
          language,
          action: `${page}/registration`,
          savedUrl: `${page}${chosen === undefined ? '' : `?lang=${encodeURIComponent(chosen)}`}#check-in`,
          today: todayIn(booking.timezone, ctx.now()),
          ...(chosen === undefined ? {} : { hidden: { lang: chosen } }),
          render: (form) => renderPage(ctx, booking, token, chosen, { checkIn: form }),
        });
      },
    );

    app.get(
      '/guest/:token/documents/:number',
      { ...limited, schema: { hide: true, params: DocumentParams } },
      async (request, reply) => {
        const booking = await open(request.params.token);
        const doc =
          booking === undefined ? undefined : await bookingDocumentByNumber(ctx.db, booking.id, request.params.number);
        if (doc === undefined) return errorPage(reply, 404);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${doc.fileName}"`)
          .send(Buffer.from(doc.pdf));
      },
    );
  };
}
