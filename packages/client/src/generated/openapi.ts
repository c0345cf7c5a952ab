// Generated from the Staydesk OpenAPI document by `npm run generate -w @staydesk/client`. Do not edit.
/* eslint-disable */
export interface paths {
    "/admin/api/accommodations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List accommodations (the archived ones only with include=archived) */
        get: operations["listAdminAccommodations"];
        put?: never;
        /** Create an accommodation */
        post: operations["createAdminAccommodations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/accommodations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an accommodation, with the secret URL of its calendar for other channels */
        get: operations["getAdminAccommodations"];
        put?: never;
        post?: never;
        /** Delete an accommodation without bookings, with its prices, blocks and feeds; one with bookings is archived */
        delete: operations["deleteAdminAccommodations"];
        options?: never;
        head?: never;
        /** Change an accommodation (any subset of the create fields) */
        patch: operations["updateAdminAccommodations"];
        trace?: never;
    };
    "/admin/api/accommodations/{id}/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Blocked nights, optionally those from `from` up to, not including, `to` */
        get: operations["listAdminAccommodationsBlocks"];
        put?: never;
        /** Block the nights from `from` up to, not including, `to`; 409 if any is taken */
        post: operations["createAdminAccommodationsBlocks"];
        /** Unblock the blocked nights from `from` up to, not including, `to` */
        delete: operations["deleteAdminAccommodationsBlocks"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/accommodations/{id}/ical-export-url/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the secret export URLs of an accommodation and of each of its feeds; the old ones stop working */
        post: operations["createAdminAccommodationsIcalExportUrlRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/accommodations/{id}/ical-feeds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An accommodation's external calendars with their pull state and log */
        get: operations["listAdminAccommodationsIcalFeeds"];
        put?: never;
        /** Add an external calendar to import */
        post: operations["createAdminAccommodationsIcalFeeds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/accommodations/{id}/ical-feeds/{feedId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an external calendar and the reservations imported from it */
        delete: operations["deleteAdminAccommodationsIcalFeeds"];
        options?: never;
        head?: never;
        /** Change an external calendar's name or URL in place: it keeps its export URL and its stays until the next pull reads the new URL */
        patch: operations["updateAdminAccommodationsIcalFeeds"];
        trace?: never;
    };
    "/admin/api/accommodations/{id}/ical-feeds/{feedId}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pull an external calendar now; answers what changed */
        post: operations["createAdminAccommodationsIcalFeedsSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/accommodations/{id}/overbooking-alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Imported stays over nights a booking, block or another feed already holds, with both sides */
        get: operations["listAdminAccommodationsOverbookingAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/accommodations/{id}/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The price of each night from `from` up to, not including, `to` (at most 731 nights) */
        get: operations["listAdminAccommodationsPrices"];
        /** Set (or with price null, clear) the nightly price of every night from `from` up to, not including, `to` */
        put: operations["setAdminAccommodationsPrices"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API keys (never their secrets) */
        get: operations["listAdminApiKeys"];
        put?: never;
        /** Create an API key; the answer shows the secret once */
        post: operations["createAdminApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key */
        delete: operations["deleteAdminApiKeys"];
        options?: never;
        head?: never;
        /** Change an API key: how many event endpoints it may have */
        patch: operations["updateAdminApiKeys"];
        trace?: never;
    };
    "/admin/api/api-keys/{id}/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a key its own inbound webhook secret (shown once): signed with it, /webhook/update touches only that key's bookings */
        post: operations["createAdminApiKeysWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bookings (newest first unless sorted), searched with q; from/to select those with a night in [from, to) */
        get: operations["listAdminBookings"];
        put?: never;
        /** A booking made by hand (phone, walk-in, owner stay): confirmed at once; taken nights are a 409 */
        post: operations["createAdminBookings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same list as CSV (RFC 4180, UTF-8 with a byte order mark, a header row), unpaged */
        get: operations["listAdminBookingsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One booking, with the history of its changes (who made each and why) */
        get: operations["getAdminBookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Edit a booking: dates, guests, internal note, price (re-priced when absent), guest and billing details; the guest mailed only if asked */
        patch: operations["updateAdminBookings"];
        trace?: never;
    };
    "/admin/api/bookings/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a booking: its nights are free at once; the guest is mailed unless notify_guest is false */
        post: operations["createAdminBookingsCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}/deposit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Collect, return or keep (with a reason) the damage deposit: its own ledger, outside price and revenue */
        post: operations["createAdminBookingsDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A booking's invoices and credit notes, oldest first */
        get: operations["listAdminBookingsDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}/guest-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give the guest's page a new address (guest_url): the old one answers 404 from now on; the guest is not mailed */
        post: operations["createAdminBookingsGuestUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A booking's guest messages: scheduled, sent, skipped and failed */
        get: operations["listAdminBookingsMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}/messages/{mid}/send-now": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a guest message now (one not sent yet) */
        post: operations["createAdminBookingsMessagesSendNow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}/messages/{mid}/skip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Skip a scheduled guest message: it is never sent */
        post: operations["createAdminBookingsMessagesSkip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a payment the host received, or a refund given back (a negative amount) */
        post: operations["createAdminBookingsPayments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}/payments/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Undo a payment recorded by mistake: it stays in the list, marked undone, and no longer counts */
        delete: operations["deleteAdminBookingsPayments"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give money back: lowering the price (reduce_price) or only returning money, which is then due again */
        post: operations["createAdminBookingsRefunds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A booking's online check-in: its state, each registered guest and the arrival time */
        get: operations["listAdminBookingsRegistration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/bookings/{id}/reinstate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo a cancellation while every night of the stay is still free (taken meanwhile: 409); the guest is mailed the confirmation */
        post: operations["createAdminBookingsReinstate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The register: every invoice and credit note issued from `from` to `to` (inclusive), in the order issued */
        get: operations["listAdminDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/documents.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The register as CSV (RFC 4180, UTF-8 with a byte order mark, a header row) */
        get: operations["listAdminDocumentsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/documents/{number}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An issued document as PDF: every download gives the same bytes */
        get: operations["listAdminDocumentsPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/guests/{id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Erase one guest's personal data everywhere but in issued invoices and credit notes; the bookings stay, anonymised. Repeating it is harmless. */
        post: operations["createAdminGuestsErase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/guests/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything held about one guest, as JSON: the record, bookings, check-ins, mails and documents */
        get: operations["listAdminGuestsExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/message-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Guest message rules */
        get: operations["listAdminMessageRules"];
        put?: never;
        /** Create a guest message rule: its messages are scheduled for bookings whose time is still to come */
        post: operations["createAdminMessageRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/message-rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A guest message rule */
        get: operations["getAdminMessageRules"];
        put?: never;
        post?: never;
        /** Delete a guest message rule that has sent nothing, with its messages */
        delete: operations["deleteAdminMessageRules"];
        options?: never;
        head?: never;
        /** Change, pause or resume a guest message rule (for sends still to come) */
        patch: operations["updateAdminMessageRules"];
        trace?: never;
    };
    "/admin/api/message-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Guest message templates */
        get: operations["listAdminMessageTemplates"];
        put?: never;
        /** Create a guest message template (checked: languages, variables) */
        post: operations["createAdminMessageTemplates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/message-templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A guest message template */
        get: operations["getAdminMessageTemplates"];
        put?: never;
        post?: never;
        /** Delete a guest message template no rule sends */
        delete: operations["deleteAdminMessageTemplates"];
        options?: never;
        head?: never;
        /** Change a guest message template */
        patch: operations["updateAdminMessageTemplates"];
        trace?: never;
    };
    "/admin/api/message-templates/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A guest message template rendered with a booking's values */
        post: operations["createAdminMessageTemplatesPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Outbound messages, newest first, without their bodies */
        get: operations["listAdminOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/outbox/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One outbound message with its bodies */
        get: operations["getAdminOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/payment-issues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recorded payment issues, newest first */
        get: operations["listAdminPaymentIssues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/registrations.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every registration of the stays arriving from `from` through `to`, for the authorities of any country (RFC 4180, UTF-8 with a byte order mark, a header row) */
        get: operations["listAdminRegistrationsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/registrations/alloggiati": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Italy's Alloggiati Web file of the guests arriving on `date` in homes in Italy: one 168-character record per guest, CR LF between records */
        get: operations["listAdminRegistrationsAlloggiati"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/reports/occupancy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Occupancy and revenue of the nights [from, to) per accommodation and per currency, by month or year with `group` */
        get: operations["listAdminReportsOccupancy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/reports/occupancy.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same report as CSV (RFC 4180, UTF-8 with a byte order mark, a header row) */
        get: operations["listAdminReportsOccupancyCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether each signing secret is set (never its value), the host alert address and the host's identity */
        get: operations["listAdminSettings"];
        /** Set or clear signing secrets, the host alert address and the host's identity; a field left out is unchanged */
        put: operations["setAdminSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Turnover tasks whose departure falls from `from` (default today) through `to` (default 7 days later) */
        get: operations["listAdminTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Assign a task (`assignee_id`, null for no one) or tick it done (`state`) */
        patch: operations["updateAdminTasks"];
        trace?: never;
    };
    "/admin/api/test-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove every test booking and what names it, in one transaction; answers the counts */
        delete: operations["deleteAdminTestData"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console's users and their roles (never a password) */
        get: operations["listAdminUsers"];
        put?: never;
        /** Add a console user with a role; the answer shows their generated password once */
        post: operations["createAdminUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a console user's name, role, e-mail or homes */
        patch: operations["updateAdminUsers"];
        trace?: never;
    };
    "/admin/api/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Event endpoints of every key (never their secrets) */
        get: operations["listAdminWebhookEndpoints"];
        put?: never;
        /** Add an endpoint for a key's events; the answer shows its signing secret once */
        post: operations["createAdminWebhookEndpoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event endpoint */
        get: operations["getAdminWebhookEndpoints"];
        put?: never;
        post?: never;
        /** Remove an event endpoint and its delivery log */
        delete: operations["deleteAdminWebhookEndpoints"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An endpoint's deliveries, newest first, with the last answer of each (truncated) */
        get: operations["listAdminWebhookEndpointsDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/webhook-endpoints/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again now (same webhook-id), whatever its state */
        post: operations["createAdminWebhookEndpointsDeliveriesRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/webhook-endpoints/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause an event endpoint: its events wait until it is resumed */
        post: operations["createAdminWebhookEndpointsPause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/webhook-endpoints/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused or disabled event endpoint */
        post: operations["createAdminWebhookEndpointsResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret, shown once; the previous one keeps signing beside it for 24 hours */
        post: operations["createAdminWebhookEndpointsRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test event to an endpoint (a sample booking.created, livemode false) */
        post: operations["createAdminWebhookEndpointsTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check availability and compute the price of a stay
         * @description When a night is taken, message names the first conflicting booking by its code only if the calling key created it (or is an admin key); another booking reads as "another reservation".
         */
        post: operations["checkAvailability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a direct booking
         * @description card_processor bookings start as draft and hold their nights for DRAFT_HOLD_SECONDS; bank_transfer and cash bookings are confirmed at once. A repeat with the same booking_data.idempotency_key and body returns the first answer (the same booking_id), marked Idempotent-Replayed: true; the same key with another body is a 409 idempotency_key_reused. Keys are remembered per API key for 7 days, and only for a booking that was made: a refused attempt (400, 409, 429) stores nothing, so the same key may be sent again (docs/api.md#idempotency). A 409 dates_unavailable names the conflicting booking (conflicting_booking) only when the calling key created it or is an admin key.
         */
        post: operations["createBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/bookings/{booking_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a booking
         * @description A v1 key reads only the bookings it created: any other booking answers 404, exactly as an unknown id does. Admin keys read every booking.
         */
        get: operations["getBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/bookings/{booking_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release this key's own draft at once
         * @description A draft awaiting card payment made by this key is cancelled (reason released_by_partner) and its nights are free at once. Any other state is a 409 booking_not_draft; another key's booking answers 404, as an unknown id does.
         */
        post: operations["cancelDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Month calendar of one accommodation
         * @description month and year default to the current ones in the accommodation time zone. Callers may cache the answer for 5 minutes: it carries Cache-Control: private, max-age=300 and an ETag, and a request whose If-None-Match names that ETag gets 304 with no body while the month is unchanged. A v1 key sees its own bookings in full; every other stay (other keys' bookings, bookings made by the host, imported reservations) is listed with its dates, status and source, titled "Reserved", with no confirmation code, guest, amount, party or notes. Admin keys see everything.
         */
        post: operations["getCalendar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/calendar/debug": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Detailed diagnostics: version, store, accommodations, counts and non-secret configuration */
        post: operations["debugCalendar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/calendar/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Calendar service health: store round trip, version, webhook signatures */
        post: operations["getCalendarHealth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/calendar/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Simple connectivity test; says whether webhook signatures are checked */
        post: operations["testCalendar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This key's events, oldest first, from a cursor (kept 30 days) */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Connectivity and authentication test */
        get: operations["testConnection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/test/bookings/{booking_id}/payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Play the card processor for this test key's test booking
         * @description Test keys only (a live key is a 403 test_key_required). The payment goes through the same code as the card processor’s webhook, so the booking, its events (livemode false) and any payment issue are what a live payment makes. A booking that is not this test key’s own answers 404, as an unknown id does.
         */
        post: operations["testPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This key's endpoints (never their secrets) */
        get: operations["listV1WebhookEndpoints"];
        put?: never;
        /** Register an endpoint for this key's events; the answer shows its signing secret once */
        post: operations["createV1WebhookEndpoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one of this key’s endpoints */
        delete: operations["deleteV1WebhookEndpoints"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staydesk/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to one of this key’s endpoints
         * @description A signed booking.created with a sample booking (id 0) and livemode false, sent through the normal delivery path (retried, in the delivery log); not in the catch-up feed.
         */
        post: operations["sendTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Open, unless METRICS_TOKEN is set: then send Authorization: Bearer <METRICS_TOKEN>.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store answers and can be written
         * @description 503 while the database cannot be reached or written (e.g. its disk is full), and while the server drains.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staydesk/api/payment/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Card processor events (Stripe format, Stripe-Signature header)
         * @description payment_intent.succeeded for a draft with the right amount and currency confirms it and mails the guest; mismatches and late payments are recorded for the host; other event types are acknowledged and ignored. The same event id twice is applied once.
         */
        post: operations["paymentWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staydesk/ical/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An accommodation's calendar as iCalendar, with no guest data (the token in the URL is the credential) */
        get: operations["getCalendarExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staydesk/invoices/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A booking's latest invoice or credit note as PDF, or a pro-forma while it has none (the token in the URL is the credential) */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staydesk/tasks/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A console user's turnover tasks as iCalendar (the token in the URL is the credential) */
        get: operations["getTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staydesk/webhook/calendar_sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Synchronise one accommodation's calendar now
         * @description Pulls every external calendar of the accommodation before answering what changed per feed. Only the global webhook secret may sign it: a body signed with an API key's own secret is a 403 secret_scope and pulls nothing. With signatures on, the body must carry a timestamp within 5 minutes of now. With a webhook secret set, the same bytes delivered again while remembered (15 minutes; 24 hours under WEBHOOK_ALLOW_MISSING_TIMESTAMP for bodies without a timestamp) pull nothing and get the first answer, an unknown accommodation's 404 included; a fresh timestamp is a new delivery. Without a secret every call pulls.
         */
        post: operations["syncCalendarWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staydesk/webhook/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook endpoint reachability (no authentication) */
        get: operations["testWebhook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staydesk/webhook/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Modify or cancel a booking
         * @description booking_updated and modified apply new_data (dates and guests are checked like a new stay and re-priced) and answer new_status "modified", and leave the booking modified, also when new_data changed nothing (a confirmed booking then becomes modified with nothing else changed; one already modified answers updated false). Null optional fields are absent. A draft awaiting card payment is not modified: its payment is for the quoted total, so the answer is a 409 booking_not_confirmed with new_status "draft". cancelled frees the nights. The guest is mailed. With signatures on, the body must carry a timestamp within 5 minutes of now. The same bytes delivered again while remembered (15 minutes; 24 hours for bodies without a checked timestamp) change nothing and get the first answer, refusals included.
         */
        post: operations["updateBookingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Actor: {
            /**
             * @description who made the change
             * @enum {unknown}
             */
            kind: "api_key" | "webhook" | "payment_event" | "hold_expiry" | "host" | "system";
            /** @description the name of the console user who made the change; null for any other actor */
            name: string | null;
            /** @description the API key id, webhook delivery id or payment event id; `console_user:<id>` for a console user */
            ref: string | null;
        };
        Address: {
            city?: string;
            country?: string;
            street?: string;
            zip?: string;
        };
        Address2: components["schemas"]["AnyOf2"] | null;
        /** @description the address as given: street, zip, city, country (and line2 when corrected at the desk) */
        Address3: {
            [key: string]: string;
        };
        /** @description per counted person per night, major units of the currency; at most 1000000000 minor units (e.g. 10000000.00 EUR), else 400 amount_too_large */
        Amount: number;
        /** @description per guest beyond included_guests per night, major units of the currency; at most 1000000000 minor units (e.g. 10000000.00 EUR), else 400 amount_too_large */
        Amount2: number;
        AnyOf: {
            /** @description major units of the booking currency */
            amount: number;
            /** @description major units of the booking currency */
            kept_amount: number;
            /** @enum {unknown} */
            state: "due" | "held" | "returned" | "kept" | "partly_kept";
        };
        AnyOf2: {
            city: string | null;
            country: string | null;
            line1: string | null;
            line2: string | null;
            postal_code: string | null;
        };
        AnyOf3: {
            address: string | null;
            email: string | null;
            name: string;
            phone: string | null;
            tax_id: string | null;
        };
        AnyOf4: {
            account_holder: string;
            bank_name: string | null;
            bic: string | null;
            iban: string;
        };
        /** @description when it was archived (deleted while it had bookings): it takes no new booking; null while active */
        ArchivedAt: string | null;
        /** @description HH:MM in the home's time zone; null: at the event's instant (booking_confirmed, booking_cancelled) or 10:00 */
        At: string | null;
        /** @description what is left to pay: total_amount - amount_paid, or cancellation_fee - amount_paid once cancelled (negative when overpaid: owed back) */
        Balance: number;
        BankDetails: components["schemas"]["AnyOf4"] | null;
        /** @description price per night, major units of the currency; at most 1000000000 minor units (e.g. 10000000.00 EUR), else 400 amount_too_large */
        BasePrice: number;
        /** @description the text, with {{ variables }} per language (en, de, fr, es, it): {"en": "..."}; the same languages as the other part */
        Body: {
            [key: string]: string;
        };
        Booking: {
            accommodation_id: number;
            accommodation_name: string;
            booking_reference: string;
            /** @enum {string} */
            booking_status: "draft" | "confirmed" | "modified" | "cancelled";
            cancel_reason: string | null;
            cancellation_fee: components["schemas"]["CancellationFee"];
            cancelled_at: string | null;
            checkin_date: string;
            checkout_date: string;
            composition: {
                adults: number;
                babies: number;
                children: number;
            };
            confirmation_code: string;
            currency: string;
            guest_count: number;
            /** @description a draft awaiting card payment: when its hold on the nights ends; otherwise null */
            hold_expires_at: string | null;
            id: number;
            nights: number;
            partner: components["schemas"]["Partner"];
            payment: components["schemas"]["Payment"];
            /** @enum {string} */
            payment_method: "card_processor" | "bank_transfer" | "cash" | "other";
            /** @enum {string} */
            status: "draft" | "confirmed" | "modified" | "cancelled";
            total_amount: number;
            updated_at: string;
        };
        BookingCreated: {
            booking_id: number;
            booking_reference: string;
            confirmation_code: string;
            /** Format: uri */
            invoice_url: string;
            next_steps: string[];
            partner_id: number;
            /** @enum {string} */
            status: "draft" | "confirmed" | "modified" | "cancelled";
        };
        BookingData: {
            adults_count: number;
            babies_count: number;
            /** @description YYYY-MM-DD */
            checkin_date: string;
            /** @description YYYY-MM-DD */
            checkout_date: string;
            children_count: number;
            expected_amount?: number;
            guest_notes?: string;
            idempotency_key?: string;
            language?: components["schemas"]["Language"];
            payment_intent_id?: string;
            payment_method: "card_processor" | "bank_transfer" | "cash";
            payment_token?: string;
            total_amount?: number;
        };
        /** @description per guest per night, major units of the currency; at most 1000000000 minor units (e.g. 10000000.00 EUR), else 400 amount_too_large */
        Breakfast: number;
        Business: components["schemas"]["AnyOf3"] | null;
        CalendarBooking: {
            color_index: number;
            composition: components["schemas"]["Composition"];
            /** @description null on a stay the caller may not see (another key's, or imported) */
            confirmation_code: string | null;
            end_date: string;
            /** @description null on a stay the caller may not see */
            guest_count: number | null;
            /** @description booking id; an imported stay (source = the feed name) has a negative id, minus its imported reservation id */
            id: number;
            nights: number;
            /** @description null on a stay the caller may not see */
            notes: string | null;
            source: string;
            start_date: string;
            status: string;
            title: string;
            /** @description null on a stay the caller may not see */
            total_amount: number | null;
        };
        CancelDraftResponse: {
            data: components["schemas"]["Booking"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        /** @description once cancelled, the fee the home's cancellation policy keeps (0 when none applies or the host waived it); null while the booking stands */
        CancellationFee: number | null;
        /** @description largest days_before_checkin first */
        CancellationPolicy: {
            days_before_checkin: number;
            fee: number;
        }[] | null;
        /** @description Tiers, one per days_before_checkin (else 400 duplicate_tier); [] = none. */
        CancellationPolicy2: components["schemas"]["CancellationPolicyItem"][] | null;
        CancellationPolicyItem: {
            /** @description from this many days left before check-in */
            days_before_checkin: number;
            /** @description share of the total kept, fraction 0..1, at most 6 decimals */
            fee: number;
        };
        CheckAvailabilityRequest: {
            accommodation_id: number;
            /** @description YYYY-MM-DD */
            checkin: string;
            /** @description YYYY-MM-DD */
            checkout: string;
            /** @description Who stays, for the city tax (docs/money.md#city-tax-and-extra-guests); without it every guest counts as an adult. adults + children must equal guest_count when both are sent; babies are not guests. */
            composition?: {
                adults: number;
                babies?: number;
                children?: number;
            };
            extras?: components["schemas"]["Extras"];
            guest_count?: number;
        };
        CheckAvailabilityResponse: {
            data: {
                available: boolean;
                message: string;
                nights: number;
                pricing: components["schemas"]["Pricing"] | null;
                /** @description the home's short-term-rental registration number (CIN, NRUA, ...); null when none */
                registration_number: string | null;
                restrictions: components["schemas"]["Restrictions"] | null;
            };
            metadata?: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CityTax: {
            amount: number;
            counts: ("adults" | "children")[];
            max_nights: number | null;
            /** @enum {string} */
            per: "person_night";
        } | null;
        /** @description Tourist tax: not discounted, not taxed, added to the total. */
        CityTax2: {
            amount: components["schemas"]["Amount"];
            counts?: components["schemas"]["Counts"];
            /** @description nights charged at most; null = every night */
            max_nights?: number | null;
            /**
             * @description the only basis, default person_night
             * @enum {string}
             */
            per?: "person_night";
        } | null;
        /** @description per stay, default 0, major units of the currency; at most 1000000000 minor units (e.g. 10000000.00 EUR), else 400 amount_too_large */
        CleaningFee: number;
        /** @description null on a stay the caller may not see */
        Composition: {
            adults: number;
            babies: number;
            children: number;
        } | null;
        Conditions: {
            /** @description empty: every home */
            accommodation_ids: number[];
            min_nights: number | null;
            payment_states: components["schemas"]["PaymentStates"];
            /** @description bookings' sources; empty: every source */
            sources: string[];
        };
        /** @description who is counted: ["adults"] (default) or ["adults","children"]; babies never (else 400 invalid_enum) */
        Counts: ("adults" | "children")[];
        CreateAdminAccommodationsBlocksRequest: {
            /** @description YYYY-MM-DD */
            from: string;
            reason?: string | null;
            /** @description YYYY-MM-DD */
            to: string;
        };
        CreateAdminAccommodationsBlocksResponse: {
            data: {
                accommodation_id: number;
                from: string;
                nights: number;
                reason: string | null;
                to: string;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminAccommodationsIcalExportUrlRotateResponse: {
            data: {
                ical_export_url: string;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminAccommodationsIcalFeedsRequest: {
            /** @description channel name reported as the source of imported bookings, e.g. airbnb; stored lower-case */
            name: string;
            url: components["schemas"]["Url"];
        };
        CreateAdminAccommodationsIcalFeedsResponse: {
            data: components["schemas"]["DataItem2"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminAccommodationsIcalFeedsSyncResponse: {
            data: {
                added: number;
                /** @description new overbooking alerts */
                alerts: number;
                changed: number;
                error: string | null;
                feed: string;
                feed_id: number;
                outcome: components["schemas"]["Outcome"];
                removed: number;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminAccommodationsRequest: {
            /** @description the home's street address; null: none */
            address?: string | null;
            /** @description how to get in and find the home; null: none */
            arrival_instructions?: string | null;
            base_price: components["schemas"]["BasePrice"];
            cancellation_policy?: components["schemas"]["CancellationPolicy2"];
            /** @description default 15:00, HH:MM */
            checkin_time?: string;
            /** @description default 10:00, HH:MM */
            checkout_time?: string;
            city_tax?: components["schemas"]["CityTax2"];
            cleaning_fee?: components["schemas"]["CleaningFee"];
            /** @description ISO 4217 code, default EUR */
            currency?: string;
            damage_deposit?: components["schemas"]["DamageDeposit"];
            /** @description the door or key-box code; null: none */
            door_code?: string | null;
            door_code_days?: components["schemas"]["DoorCodeDays"];
            extra_guest_fee?: components["schemas"]["ExtraGuestFee"];
            extras?: components["schemas"]["Extras2"];
            /**
             * @description guests' mails and invoices are written in it unless a booking names the guest's; default en
             * @enum {unknown}
             */
            language?: "en" | "de" | "fr" | "es" | "it";
            max_guests: number;
            /** @description nights, default 365, at least min_stay */
            max_stay?: number;
            /** @description nights, default 1 */
            min_stay?: number;
            /** @description from 28 nights, default 0, fraction 0..1, at most 6 decimals */
            monthly_discount?: number;
            name: string;
            payment_terms?: components["schemas"]["PaymentTerms2"];
            /** @description short-term-rental registration number (EU 2024/1028, CIN, NRUA, ...); trimmed, blank = none */
            registration_number?: string | null;
            /** @description default 0, fraction 0..1, at most 6 decimals */
            tax_rate?: number;
            /** @description IANA time zone, default UTC */
            timezone?: string;
            /** @description from 7 nights, default 0, fraction 0..1, at most 6 decimals */
            weekly_discount?: number;
            /** @description the Wi-Fi network name; null: none */
            wifi_name?: string | null;
            /** @description the Wi-Fi password; null: none */
            wifi_password?: string | null;
        };
        CreateAdminAccommodationsResponse: {
            data: components["schemas"]["Data4"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminApiKeysRequest: {
            endpoint_limit?: components["schemas"]["EndpointLimit"];
            mode?: components["schemas"]["Mode"];
            name: string;
            /** @description default 'api'; 'admin' may also call /admin/api */
            scope?: "api" | "admin";
        };
        CreateAdminApiKeysResponse: {
            data: {
                created_at: string;
                /** @description how many event endpoints the key may have; null: the ENDPOINTS_PER_KEY of the server */
                endpoint_limit: number | null;
                id: number;
                /** @description the secret, shown this once */
                key: string;
                last_used_at: string | null;
                mode: components["schemas"]["Mode"];
                name: string;
                /** @description the first characters of the key, to recognise it */
                prefix: string;
                revoked_at: string | null;
                scope: "api" | "admin";
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminApiKeysWebhookSecretResponse: {
            data: {
                id: number;
                /** @description the secret, shown this once; it replaces any earlier one */
                webhook_secret: string;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminBookingsCancelRequest: {
            /** @description default true */
            notify_guest?: boolean;
            reason?: string;
            /** @description waive the fee the home's cancellation policy would keep (default false) */
            waive_fee?: boolean;
        };
        CreateAdminBookingsCancelResponse: {
            data: components["schemas"]["Data5"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminBookingsDepositRequest: {
            /**
             * @description collect (due → held), return (all held back to the guest), keep (all or part, with a reason)
             * @enum {unknown}
             */
            action: "collect" | "return" | "keep";
            /** @description major units; collect: what was taken (default the amount asked); keep: how much (default all held) */
            amount?: number;
            /** @description why it is kept: required for keep */
            reason?: string;
        };
        CreateAdminBookingsDepositResponse: {
            data: components["schemas"]["Data5"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminBookingsGuestUrlResponse: {
            data: components["schemas"]["Data5"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminBookingsMessagesSendNowResponse: {
            data: components["schemas"]["DataItem8"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminBookingsMessagesSkipResponse: {
            data: components["schemas"]["DataItem8"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminBookingsPaymentsRequest: {
            /** @description major units: above 0 a payment, below 0 a refund (money given back); not 0 */
            amount: number;
            /** @enum {unknown} */
            method: "cash" | "bank_transfer" | "card" | "other";
            /** @description YYYY-MM-DD */
            received_on?: string;
            reference?: string;
        };
        CreateAdminBookingsPaymentsResponse: {
            data: {
                booking: components["schemas"]["Data5"];
                payment: components["schemas"]["PaymentsItem"];
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminBookingsRefundsRequest: {
            /** @description major units, above 0 */
            amount: number;
            /** @enum {unknown} */
            method: "cash" | "bank_transfer" | "card" | "other";
            reason?: string;
            /** @description true: the price drops by the amount (a credit note and a new invoice); false (default): money returned, due again */
            reduce_price?: boolean;
        };
        CreateAdminBookingsRefundsResponse: {
            data: {
                booking: components["schemas"]["Data5"];
                refund: components["schemas"]["RefundsItem"];
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminBookingsReinstateRequest: Record<string, never>;
        CreateAdminBookingsReinstateResponse: {
            data: components["schemas"]["Data5"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminBookingsRequest: {
            accommodation_id: number;
            adults_count: number;
            babies_count?: number;
            /** @description YYYY-MM-DD */
            checkin_date: string;
            /** @description YYYY-MM-DD */
            checkout_date: string;
            children_count?: number;
            guest: {
                /** Format: email */
                email?: string;
                first_name: string;
                last_name: string;
                phone?: string;
            };
            /** @description the host's own note: never shown to the guest or mailed */
            internal_note?: string;
            /** @description default: true when the guest has an e-mail */
            notify_guest?: boolean;
            /** @description skip the minimum and maximum stay only */
            override_rules?: boolean;
            /** @enum {unknown} */
            payment_method?: "bank_transfer" | "cash" | "card_processor" | "other";
            /** @description why the price was set by hand */
            price_note?: string;
            /** @description phone (default), walk_in, owner, another channel */
            source?: string;
            /** @description major units */
            total_amount?: number;
        };
        CreateAdminBookingsResponse: {
            data: components["schemas"]["Data5"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminGuestsEraseResponse: {
            data: {
                /** @description bookings kept with the guest details blanked */
                bookings_anonymised: number;
                /** @description the bookings' online check-ins deleted, every guest of them */
                check_ins_removed: number;
                /** @description invoices and credit notes kept as issued, as the law requires */
                documents_kept: number;
                /** @description when the guest was first erased */
                erased_at: string;
                guest_id: number;
                /** @description remembered answers to partners' retries, deleted */
                idempotency_keys_removed: number;
                /** @description mails sent (or failed), kept as a record without address, subject or text */
                mails_anonymised: number;
                /** @description mails not yet sent, deleted */
                mails_removed: number;
                /** @description partners' events whose guest details are erased */
                partner_events_scrubbed: number;
                /** @description payment problems whose text is erased */
                payment_issues_anonymised: number;
                /** @description guest messages still to send, skipped */
                scheduled_messages_skipped: number;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminMessageRulesRequest: {
            /** @description default true; false: paused */
            active?: boolean;
            conditions?: components["schemas"]["Conditions"];
            name: string;
            template_id: number;
            trigger: components["schemas"]["Trigger"];
        };
        CreateAdminMessageRulesResponse: {
            data: components["schemas"]["DataItem7"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminMessageTemplatesPreviewRequest: {
            booking_id: number;
            /**
             * @description default: as the message would be sent
             * @enum {unknown}
             */
            language?: "en" | "de" | "fr" | "es" | "it";
        };
        CreateAdminMessageTemplatesPreviewResponse: {
            data: {
                html: string;
                language: string;
                subject: string;
                text: string;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminMessageTemplatesRequest: {
            body: components["schemas"]["Body"];
            name: string;
            subject: components["schemas"]["Subject"];
        };
        CreateAdminMessageTemplatesResponse: {
            data: components["schemas"]["DataItem6"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminUsersRequest: {
            /** @description the homes a cleaner works in (cleaners only) */
            accommodation_ids?: number[];
            email?: string | null;
            /** @description 3 to 64 letters, digits, ".", "_", "@" or "-" */
            login: string;
            name: string;
            role: components["schemas"]["Role"];
        };
        CreateAdminUsersResponse: {
            data: {
                accommodation_ids: number[];
                created_at: string;
                email: string | null;
                id: number;
                login: string;
                name: string;
                /** @description the generated password, shown this once */
                password: string;
                role: components["schemas"]["Role"];
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminWebhookEndpointsDeliveriesRedeliverResponse: {
            data: {
                id: number;
                /** @enum {boolean} */
                redelivered: true;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminWebhookEndpointsPauseResponse: {
            data: components["schemas"]["DataItem"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminWebhookEndpointsRequest: {
            /** @description the API key whose events the endpoint receives */
            api_key_id: number;
            events?: components["schemas"]["Events"];
            /** @description public http(s) URL that receives the events */
            url: string;
        };
        CreateAdminWebhookEndpointsResponse: {
            data: components["schemas"]["Data2"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminWebhookEndpointsResumeResponse: {
            data: components["schemas"]["DataItem"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminWebhookEndpointsRotateSecretResponse: {
            data: components["schemas"]["Data2"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateAdminWebhookEndpointsTestResponse: {
            data: components["schemas"]["Data3"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateBookingRequest: {
            accommodation_id: number;
            booking_data: components["schemas"]["BookingData"];
            extras?: components["schemas"]["Extras"];
            partner_data: components["schemas"]["PartnerData"];
        };
        CreateBookingResponse: {
            data: components["schemas"]["BookingCreated"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        CreateV1WebhookEndpointsRequest: {
            events?: components["schemas"]["Events"];
            /** @description public http(s) URL that receives the events */
            url: string;
        };
        CreateV1WebhookEndpointsResponse: {
            data: components["schemas"]["Data2"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        /** @description held apart from the price and returned after the stay, major units of the currency; at most 1000000000 minor units (e.g. 10000000.00 EUR), else 400 amount_too_large */
        DamageDeposit: number | null;
        Data: components["schemas"]["DataItem"][];
        Data2: {
            api_key_id: number;
            created_at: string;
            events: string[];
            failing_since: string | null;
            id: number;
            /** @description after a rotation: until when the previous secret still signs beside the new one */
            previous_secret_until: string | null;
            /** @description whsec_ + base64: the signing secret, shown this once */
            secret: string;
            status: "active" | "paused" | "disabled";
            updated_at: string;
            url: string;
        };
        Data3: {
            /** @description the delivery, in the endpoint's delivery log */
            delivery_id: number;
            /** @description evt_<n>: the webhook-id of the test delivery */
            event_id: string;
        };
        Data4: {
            /** @description the home's street address; null: none */
            address: string | null;
            archived_at: components["schemas"]["ArchivedAt"];
            /** @description how to get in and find the home; null: none */
            arrival_instructions: string | null;
            base_price: number;
            cancellation_policy: components["schemas"]["CancellationPolicy"];
            checkin_time: string;
            checkout_time: string;
            city_tax: components["schemas"]["CityTax"];
            cleaning_fee: number;
            /** Format: date-time */
            created_at: string;
            currency: string;
            damage_deposit: number | null;
            /** @description the door or key-box code; null: none */
            door_code: string | null;
            door_code_days: components["schemas"]["DoorCodeDays"];
            extra_guest_fee: {
                amount: number;
                included_guests: number;
            } | null;
            extras: {
                breakfast?: number;
                late_checkin?: number;
                linen?: number;
            };
            /** @description absolute secret URL of every taken night, with no guest data, for other channels to import; rotatable */
            ical_export_url: string;
            id: number;
            /** @description the language of guests' mails and invoices */
            language: string;
            max_guests: number;
            max_stay: number;
            min_stay: number;
            monthly_discount: number;
            name: string;
            payment_terms: components["schemas"]["PaymentTerms"];
            registration_number: string | null;
            tax_rate: number;
            timezone: string;
            /** Format: date-time */
            updated_at: string;
            weekly_discount: number;
            /** @description the Wi-Fi network name; null: none */
            wifi_name: string | null;
            /** @description the Wi-Fi password; null: none */
            wifi_password: string | null;
        };
        Data5: {
            accommodation_id: number;
            accommodation_name: string;
            adults: number;
            babies: number;
            cancel_reason: string | null;
            /** @description once cancelled, the fee kept (0 when none applied or it was waived); null while the booking stands */
            cancellation_fee: number | null;
            cancelled_at: string | null;
            checkin_date: string;
            checkout_date: string;
            children: number;
            confirmation_code: string;
            confirmed_at: string | null;
            created_at: string;
            currency: string;
            deposit: components["schemas"]["Deposit"];
            events: components["schemas"]["Events2"];
            guest: components["schemas"]["Guest"];
            guest_notes: string;
            guest_url: components["schemas"]["GuestUrl"];
            hold_expires_at: string | null;
            id: number;
            /** @description the host's own note; never shown to the guest, a partner or a channel */
            internal_note: string;
            /** @enum {string} */
            kind: "booking";
            nights: number;
            partner: components["schemas"]["Partner2"];
            payment: components["schemas"]["Payment2"];
            payment_intent_id: string | null;
            payment_method: string;
            payments: components["schemas"]["Payments"];
            /** @description why the host set the price by hand */
            price_note: string | null;
            pricing: components["schemas"]["Pricing2"];
            refunds: components["schemas"]["Refunds"];
            /**
             * @description missing: nothing given; complete: the arrival time and every field of each adult and child, the lead guest's address included; partial: anything between
             * @enum {unknown}
             */
            registration_state: "missing" | "partial" | "complete";
            source: string;
            /** @enum {unknown} */
            status: "draft" | "confirmed" | "modified" | "cancelled";
            total_amount: number;
            updated_at: string;
        };
        Data6: {
            bank_details: components["schemas"]["BankDetails"];
            business: components["schemas"]["Business"];
            host_email: string | null;
            invoicing: components["schemas"]["Invoicing"];
            payment_webhook_secret: components["schemas"]["PaymentWebhookSecret"];
            /** @description days after a stay's departure that check-in documents are kept (docs/registrations.md#retention) */
            registration_retention_days: number;
            stripe_secret_key: components["schemas"]["PaymentWebhookSecret"];
            webhook_secret: {
                set: boolean;
            };
        };
        DataItem: {
            api_key_id: number;
            created_at: string;
            events: string[];
            failing_since: string | null;
            id: number;
            /** @description after a rotation: until when the previous secret still signs beside the new one */
            previous_secret_until: string | null;
            status: "active" | "paused" | "disabled";
            updated_at: string;
            url: string;
        };
        DataItem2: {
            accommodation_id: number;
            consecutive_failures: number;
            created_at: string;
            /** @description secret URL of this accommodation’s calendar without this feed’s own imports: give it to this channel */
            export_url: string;
            id: number;
            last_error: string | null;
            last_status: string | null;
            last_success_at: string | null;
            last_synced_at: string | null;
            name: string;
            /** @description when the schedule pulls it next (interval, or backoff after failures) */
            next_attempt_at: string | null;
            pulls: components["schemas"]["Pulls"];
            /** @description the feed URL without any user name or password */
            url: string;
        };
        DataItem3: {
            created_at: string;
            /** @description how many event endpoints the key may have; null: the ENDPOINTS_PER_KEY of the server */
            endpoint_limit: number | null;
            id: number;
            last_used_at: string | null;
            mode: components["schemas"]["Mode"];
            name: string;
            /** @description the first characters of the key, to recognise it */
            prefix: string;
            revoked_at: string | null;
            scope: "api" | "admin";
        };
        DataItem4: {
            accommodation_ids: number[];
            created_at: string;
            email: string | null;
            id: number;
            login: string;
            name: string;
            role: components["schemas"]["Role"];
        };
        DataItem5: {
            accommodation_id: number;
            assignee_id: number | null;
            /** @description the departing booking; null for an imported stay */
            booking_id: number | null;
            /** @description the departure date, YYYY-MM-DD */
            departure_on: string;
            /** @description the next arrival's check-in time, or the end of the day after the departure when no one is known to arrive */
            due_by: string;
            /** @description the departure's checkout time, an ISO instant */
            due_from: string;
            id: number;
            /** @description the departing stay imported from a channel calendar; null for a booking */
            imported_stay_id: number | null;
            /** @enum {string} */
            kind: "turnover";
            next_arrival_on: string | null;
            /** @description null when not known (an imported stay) */
            next_guest_count: number | null;
            /** @description someone arrives on the day of the departure */
            same_day: boolean;
            state: "open" | "done" | "cancelled";
            updated_at: string;
        };
        DataItem6: {
            body: {
                [key: string]: string;
            };
            /** Format: date-time */
            created_at: string;
            id: number;
            name: string;
            subject: {
                [key: string]: string;
            };
            /** Format: date-time */
            updated_at: string;
        };
        DataItem7: {
            active: boolean;
            conditions: components["schemas"]["Conditions"];
            /** Format: date-time */
            created_at: string;
            id: number;
            name: string;
            template_id: number;
            trigger: components["schemas"]["Trigger"];
            /** Format: date-time */
            updated_at: string;
        };
        DataItem8: {
            id: number;
            /** @description why it was skipped or failed (docs/messages.md#what-happens-on-each-change); null otherwise */
            reason: string | null;
            rule_id: number;
            rule_name: string;
            /** Format: date-time */
            send_at: string;
            sent_at: string | null;
            /** @enum {unknown} */
            state: "scheduled" | "sent" | "skipped" | "failed";
        };
        /** @description Ignored. Clients send {} or no body at all. */
        DebugCalendarRequest: {
            [key: string]: unknown;
        };
        DebugCalendarResponse: {
            data: {
                [key: string]: unknown;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        DeleteAdminAccommodationsBlocksRequest: {
            /** @description YYYY-MM-DD */
            from: string;
            reason?: string | null;
            /** @description YYYY-MM-DD */
            to: string;
        };
        DeleteAdminAccommodationsBlocksResponse: {
            data: {
                unblocked: number;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        DeleteAdminAccommodationsIcalFeedsResponse: {
            data: {
                /** @enum {boolean} */
                deleted: true;
                id: number;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        DeleteAdminAccommodationsResponse: {
            data: {
                /** @description true: it has bookings, so it is archived instead: listed nowhere, it takes no new booking */
                archived: boolean;
                /** @description true: it had no bookings and is gone */
                deleted: boolean;
                id: number;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        DeleteAdminApiKeysResponse: {
            data: components["schemas"]["DataItem3"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        DeleteAdminBookingsPaymentsResponse: {
            data: components["schemas"]["Data5"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        DeleteAdminMessageRulesResponse: {
            data: {
                /** @enum {boolean} */
                deleted: true;
                id: number;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        DeleteAdminMessageTemplatesResponse: {
            data: {
                /** @enum {boolean} */
                deleted: true;
                id: number;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        DeleteAdminTestDataResponse: {
            data: {
                bookings: number;
                deliveries: number;
                events: number;
                /** @description test mails (never sent) removed from the outbox */
                mails: number;
                /** @description test nights freed */
                nights: number;
                payment_issues: number;
                /** @description payments recorded for test bookings */
                payments: number;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        DeleteAdminWebhookEndpointsResponse: {
            data: {
                /** @enum {boolean} */
                deleted: true;
                id: number;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        DeleteV1WebhookEndpointsResponse: {
            data: {
                /** @enum {boolean} */
                deleted: true;
                id: number;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        /** @description the damage deposit asked of this booking, outside its price; null when none */
        Deposit: components["schemas"]["AnyOf"] | null;
        /** @description how many days before arrival the guest's page shows the door code (0: on the day of arrival only), and only once nothing is due; default 2 */
        DoorCodeDays: number;
        /** @description how many event endpoints the key may have (1 to 10000); null: the ENDPOINTS_PER_KEY of the server */
        EndpointLimit: number | null;
        ErrorEnvelope: {
            error: {
                code: number;
                details: {
                    reason?: components["schemas"]["ErrorReason"];
                } & {
                    [key: string]: unknown;
                };
                message: string;
                name: string;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: false;
        } & {
            [key: string]: unknown;
        };
        /**
         * @description malformed_json: the body is not valid JSON
         *     forbidden_json_key: the JSON body has a `__proto__` or `constructor.prototype` key
         *     unsupported_media_type: the body is not sent as `application/json`
         *     malformed_http: the request line, headers or chunked body are not valid HTTP/1.1
         *     bad_request: another request the framework could not understand
         *     bad_url: the URL is not valid (e.g. bad percent-encoding)
         *     param_too_long: a path parameter is longer than the router takes (100 characters)
         *     nul_character: a body or query string value contains U+0000
         *     legacy_jsonrpc_body: a v1 body wrapped as legacy JSON-RPC `{jsonrpc, method, params}`
         *     invalid: the request does not match its schema (no more specific reason)
         *     missing: a required field is missing
         *     unknown_parameter: a field or filter that a closed body or query does not know
         *     invalid_type: a value of the wrong JSON type (no coercion)
         *     invalid_enum: a value outside a fixed set; `expected` lists the allowed values
         *     invalid_const: a value other than the one allowed
         *     invalid_anyOf: a value that matches none of the allowed shapes
         *     invalid_format: a string not in the required format (date, e-mail, URI, ...)
         *     invalid_pattern: a string not matching the required pattern
         *     invalid_minLength: a string shorter than allowed
         *     invalid_maxLength: a string longer than allowed
         *     invalid_minimum: a number below the minimum
         *     invalid_maximum: a number above the maximum
         *     invalid_exclusiveMinimum: a number not above the exclusive minimum
         *     invalid_exclusiveMaximum: a number not below the exclusive maximum
         *     invalid_minItems: a list with fewer items than allowed
         *     invalid_maxItems: a list with more items than allowed
         *     blank: a name that is empty once trimmed
         *     homes_for_cleaners: `accommodation_ids` given to a role other than `cleaner` (the other roles see every home)
         *     test_admin_key: a test key asked for with admin scope: test keys call the v1 API only
         *     out_of_range: a list `limit` outside its range: 1–200 (admin lists), 1–500 (`GET /events`); the message names it
         *     invalid_date: not a real calendar date `YYYY-MM-DD`
         *     invalid_range: an end date not after the start date (of tasks and registrations: before it)
         *     range_too_long: an admin date range of more than 731 nights (blocks, prices), 1827 nights (reports) or 366 days (tasks, registrations)
         *     not_in_italy: an Alloggiati Web file asked for a home whose registration number is no Italian CIN (`IT…`)
         *     past_date: a stay that starts before today in the accommodation's time zone
         *     future_date: a guest's birth date after today
         *     implausible_date: a guest's birth date more than 120 years ago
         *     invalid_time: not a time of day `HH:MM` (00:00 to 23:59)
         *     too_many_guests: a check-in with more guests than the booking's adults and children
         *     min_stay: fewer nights than the accommodation's minimum stay
         *     max_stay: more nights than the accommodation's maximum stay
         *     max_guests: more guests than the accommodation takes
         *     extra_not_offered: an extra the accommodation does not offer
         *     composition_mismatch: an availability `composition` whose adults + children differ from `guest_count`
         *     duplicate_tier: a cancellation policy with two tiers for the same `days_before_checkin`
         *     unknown_currency: not an ISO 4217 currency code
         *     invalid_amount: an amount that cannot be expressed in the currency's minor units, or a payment of 0
         *     reason_required: keeping a damage deposit, or part of it, without saying why
         *     amount_too_large: a money amount above the bound the store holds
         *     invalid_rate: a rate that is not a fraction from 0 to 1 with at most 6 decimals
         *     unknown_country: a `country` that is not an ISO 3166-1 alpha-2 code
         *     unknown_timezone: not an IANA time zone name
         *     invalid_iban: an IBAN whose ISO 13616 check digits do not match
         *     invalid_url: a feed or event endpoint URL that is not an http(s) URL
         *     private_address: a feed or event endpoint URL naming a loopback, private or internal address
         *     unknown_variable: a message template uses a variable that does not exist; the message names it
         *     invalid_template: a message template that is not valid Liquid (an unclosed tag, ...)
         *     unknown_language: a message template's language that is not offered, or a subject and body in different languages
         *     invalid_cursor: an events `after` cursor that is not an event id
         *     own_export_url: a feed URL that is the accommodation's own calendar export URL (it would import its own nights)
         *     invalid_timestamp: a webhook `timestamp` that is not an ISO 8601 date-time
         *     invalid_payment_intent: a payment event without a readable payment intent
         *     payment_webhook_not_configured: no payment webhook secret is set, so every payment event is refused
         *     stale_signature: a `Stripe-Signature` dated more than 5 minutes from now
         *     missing_signature: a signed webhook sent without its signature header
         *     invalid_signature: a webhook signature that does not match the body
         *     missing_api_key: no `Authorization: Bearer` API key
         *     invalid_api_key: an unknown or revoked API key
         *     missing_metrics_token: no bearer token on `/metrics` while `METRICS_TOKEN` is set
         *     invalid_metrics_token: a wrong bearer token on `/metrics`
         *     missing_timestamp: a webhook body without `timestamp` while a signing secret is set
         *     stale_timestamp: a webhook `timestamp` more than 5 minutes from now (possible replay)
         *     admin_scope_required: an API key without admin scope on the admin API
         *     test_key_required: a live API key on a test-mode route (`/test/...`)
         *     secret_scope: a `/webhook/calendar_sync` signed with an API key's own webhook secret: only the global secret syncs calendars
         *     unknown_route: no route for this method and path
         *     accommodation_not_found: no accommodation with this id
         *     booking_not_found: no booking with this id (or not one this API key may read)
         *     payment_not_found: the booking has no recorded payment with this id
         *     api_key_not_found: no API key with this id
         *     message_not_found: no outbox message with this id
         *     feed_not_found: the accommodation has no iCal feed with this id
         *     invoice_not_found: no booking has this invoice address (unknown token)
         *     document_not_found: no invoice or credit note with this number
         *     calendar_not_found: no iCal export calendar at this address
         *     endpoint_not_found: no event endpoint with this id (or not one this API key owns)
         *     template_not_found: no message template with this id
         *     rule_not_found: no message rule with this id
         *     scheduled_message_not_found: the booking has no scheduled guest message with this id
         *     delivery_not_found: the event endpoint has no delivery with this id
         *     user_not_found: no console user with this id
         *     task_not_found: no task with this id
         *     guest_not_found: no guest record with this id
         *     request_timeout: the headers and body did not all arrive within the request timeout
         *     dates_unavailable: a night of the stay is taken; `details` names the first one and its holder
         *     price_mismatch: the amount sent does not match the price of the stay
         *     idempotency_key_reused: an idempotency key repeated with a different body
         *     booking_cancelled: a cancelled booking cannot be modified
         *     booking_not_confirmed: a draft awaiting card payment cannot be modified
         *     stay_ended: the stay's departure day has passed: its check-in can no longer be changed
         *     booking_not_cancelled: only a cancelled booking can have its cancellation undone
         *     never_confirmed: a booking that was never confirmed cannot have its cancellation undone
         *     payment_already_undone: the recorded payment was undone already
         *     refund_exceeds_paid: the refunds of a booking would be more than was paid for it (a refund too large, or undoing a payment a refund gave back)
         *     no_deposit: the booking has no damage deposit (its home asked none when it was booked)
         *     deposit_already_collected: the damage deposit was collected already
         *     deposit_not_held: the damage deposit is not held: not collected yet, or already returned or kept
         *     keep_exceeds_deposit: keeping more of a damage deposit than is held
         *     refund_exceeds_price: a refund that lowers the price by more than the booking's price
         *     booking_not_draft: only a draft awaiting card payment can be released by its API key
         *     has_bookings: an accommodation with bookings cannot change currency (nor the set-up step remove a demo home's bookings)
         *     accommodation_archived: the accommodation is archived (it was deleted while it had bookings) and takes no new booking
         *     endpoint_limit: the API key has as many event endpoints as it may (`ENDPOINTS_PER_KEY`, or its own limit set by the host)
         *     alloggiati_tables_missing: the Alloggiati Web code tables are not loaded yet: run `staydesk alloggiati-tables import FOLDER`
         *     registrations_blocking: guests arriving that day cannot be written in the Alloggiati Web file yet: `details.blocking` names each guest, the field and why
         *     duplicate_feed_name: the accommodation already has an iCal feed with this name
         *     template_in_use: a message template that a rule sends cannot be deleted
         *     rule_in_use: a message rule that has sent messages cannot be deleted: pause it
         *     message_not_scheduled: a guest message that was sent already (or, to skip it, is not scheduled) cannot be sent now or skipped
         *     guest_without_email: a booking whose guest has no e-mail address cannot be sent a message
         *     login_taken: a user with this login exists
         *     last_owner: the last owner cannot be given another role
         *     assignee_not_allowed: the task's assignee cannot do tasks (their role), or is a cleaner not given the task's home
         *     task_cancelled: a cancelled task (its stay was cancelled) cannot be reopened or ticked done
         *     body_too_large: a body over 1 MiB
         *     rate_limited: too many requests (per key, per address, or failed authentications)
         *     draft_limit: the API key holds the most live card-payment drafts it may
         *     headers_too_large: request headers over 16 KiB
         *     store_unavailable: the database cannot be reached or written for a moment; nothing was done: retry after `Retry-After`
         *     shutting_down: the server is draining before it stops; retry on another process
         *     outcome_unknown: the database went away while the change was being committed and it could not be checked whether it was; retry with the same `idempotency_key`
         * @enum {string}
         */
        ErrorReason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "malformed_http" | "bad_request" | "bad_url" | "param_too_long" | "nul_character" | "legacy_jsonrpc_body" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "blank" | "homes_for_cleaners" | "test_admin_key" | "out_of_range" | "invalid_date" | "invalid_range" | "range_too_long" | "not_in_italy" | "past_date" | "future_date" | "implausible_date" | "invalid_time" | "too_many_guests" | "min_stay" | "max_stay" | "max_guests" | "extra_not_offered" | "composition_mismatch" | "duplicate_tier" | "unknown_currency" | "invalid_amount" | "reason_required" | "amount_too_large" | "invalid_rate" | "unknown_country" | "unknown_timezone" | "invalid_iban" | "invalid_url" | "private_address" | "unknown_variable" | "invalid_template" | "unknown_language" | "invalid_cursor" | "own_export_url" | "invalid_timestamp" | "invalid_payment_intent" | "payment_webhook_not_configured" | "stale_signature" | "missing_signature" | "invalid_signature" | "missing_api_key" | "invalid_api_key" | "missing_metrics_token" | "invalid_metrics_token" | "missing_timestamp" | "stale_timestamp" | "admin_scope_required" | "test_key_required" | "secret_scope" | "unknown_route" | "accommodation_not_found" | "booking_not_found" | "payment_not_found" | "api_key_not_found" | "message_not_found" | "feed_not_found" | "invoice_not_found" | "document_not_found" | "calendar_not_found" | "endpoint_not_found" | "template_not_found" | "rule_not_found" | "scheduled_message_not_found" | "delivery_not_found" | "user_not_found" | "task_not_found" | "guest_not_found" | "request_timeout" | "dates_unavailable" | "price_mismatch" | "idempotency_key_reused" | "booking_cancelled" | "booking_not_confirmed" | "stay_ended" | "booking_not_cancelled" | "never_confirmed" | "payment_already_undone" | "refund_exceeds_paid" | "no_deposit" | "deposit_already_collected" | "deposit_not_held" | "keep_exceeds_deposit" | "refund_exceeds_price" | "booking_not_draft" | "has_bookings" | "accommodation_archived" | "endpoint_limit" | "alloggiati_tables_missing" | "registrations_blocking" | "duplicate_feed_name" | "template_in_use" | "rule_in_use" | "message_not_scheduled" | "guest_without_email" | "login_taken" | "last_owner" | "assignee_not_allowed" | "task_cancelled" | "body_too_large" | "rate_limited" | "draft_limit" | "headers_too_large" | "store_unavailable" | "shutting_down" | "outcome_unknown";
        /** @description event types sent to the endpoint; default every booking event (booking.created, booking.confirmed, booking.modified, booking.cancelled, booking.expired, payment.issue); calendar.changed only when listed */
        Events: components["schemas"]["EventsItem"][];
        Events2: components["schemas"]["EventsItem2"][];
        EventsItem: "booking.created" | "booking.confirmed" | "booking.modified" | "booking.cancelled" | "booking.expired" | "payment.issue" | "calendar.changed";
        EventsItem2: {
            actor: components["schemas"]["Actor"];
            at: string;
            /**
             * @description what happened
             * @enum {unknown}
             */
            event: "created" | "confirmed" | "modified" | "cancelled" | "expired" | "reinstated" | "noted" | "guest_corrected" | "payment_recorded" | "payment_undone" | "cancellation_fee" | "deposit_collected" | "deposit_returned" | "deposit_kept" | "refund_recorded" | "guest_url_renewed";
            /** @description why: the payment, the cancellation reason, what was modified */
            reason: string | null;
            /** @enum {unknown} */
            status: "draft" | "confirmed" | "modified" | "cancelled";
        };
        /** @description Taxed like the cleaning fee, not discounted. */
        ExtraGuestFee: {
            amount: components["schemas"]["Amount2"];
            /** @description guests the price includes */
            included_guests: number;
        } | null;
        /** @description Requested extras (breakfast, linen, late_checkin); true requests one */
        Extras: {
            breakfast?: boolean;
            late_checkin?: boolean;
            linen?: boolean;
        } & {
            [key: string]: boolean;
        };
        /** @description An extra left out is not offered. */
        Extras2: {
            breakfast?: components["schemas"]["Breakfast"];
            late_checkin?: components["schemas"]["LateCheckin"];
            linen?: components["schemas"]["Linen"];
        };
        GetAdminAccommodationsResponse: {
            data: components["schemas"]["Data4"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        GetAdminBookingsResponse: {
            data: components["schemas"]["Data5"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        GetAdminMessageRulesResponse: {
            data: components["schemas"]["DataItem7"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        GetAdminMessageTemplatesResponse: {
            data: components["schemas"]["DataItem6"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        GetAdminOutboxResponse: {
            data: {
                attempts: number;
                body_html: string;
                body_text: string;
                booking_id: number | null;
                created_at: string;
                id: number;
                kind: string;
                last_error: string | null;
                next_attempt_at: string;
                recipient: string;
                sent_at: string | null;
                status: "pending" | "sent" | "failed" | "test";
                subject: string;
                template: string;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        GetAdminWebhookEndpointsResponse: {
            data: components["schemas"]["DataItem"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        GetBookingResponse: {
            data: components["schemas"]["Booking"];
            /** @enum {boolean} */
            success: true;
        };
        /** @description Ignored. Clients send {} or no body at all. */
        GetCalendarHealthRequest: {
            [key: string]: unknown;
        };
        GetCalendarHealthResponse: {
            data: {
                status: string;
                store: string;
                store_latency_ms: number;
                timestamp: string;
                version: string;
                /** @description off: webhook calls are accepted unsigned */
                webhook_signatures: "on" | "off";
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        GetCalendarRequest: {
            accommodation_id: number;
            month?: number;
            year?: number;
        };
        GetCalendarResponse: {
            data: {
                accommodation_id: number;
                accommodation_name: string;
                availability_summary: {
                    available_nights: number;
                    booked_nights: number;
                    next_available_date: string | null;
                    occupancy_rate: number;
                };
                blocked_dates: string[];
                bookings: components["schemas"]["CalendarBooking"][];
                daily_prices: {
                    [key: string]: number;
                };
                month: number;
                pricing_rules: {
                    base_price: number;
                    cleaning_fee: number;
                    max_stay: number;
                    min_stay: number;
                    monthly_discount: number;
                    tax_rate: number;
                    weekly_discount: number;
                };
                year: number;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        GetHealthResponse: {
            /** @enum {string} */
            status: "ok";
        };
        GetReadinessResponse: {
            /** @enum {string} */
            status: "ready";
            store: string;
        };
        /** @description the guest and billing details this booking keeps (PATCH `guest` corrects them) */
        Guest: {
            address: components["schemas"]["Address2"];
            company_name: string | null;
            company_tax_id: string | null;
            /** @description empty for a booking by hand made without one */
            email: string;
            first_name: string;
            last_name: string;
            phone: string | null;
        };
        /**
         * Format: uri
         * @description the guest's private page (docs/guest-page.md): whoever holds this address sees the stay, and near arrival the door code; POST /bookings/{id}/guest-url replaces it
         */
        GuestUrl: string;
        Invoicing: {
            /** @description starts every invoice and credit note number; letters, digits and -_. (at most 20) */
            prefix: string;
            /** @description true: INV-2026-0001, numbering again from 1 each year; false: INV-000001 */
            yearly_reset: boolean;
        };
        /** @description the guest's language as a language tag (en, de, fr, es, it; "de-CH" counts as de): their mails and invoice are written in it; any other falls back to the accommodation's language */
        Language: string;
        /** @description per stay, major units of the currency; at most 1000000000 minor units (e.g. 10000000.00 EUR), else 400 amount_too_large */
        LateCheckin: number;
        /** @description per guest per stay, major units of the currency; at most 1000000000 minor units (e.g. 10000000.00 EUR), else 400 amount_too_large */
        Linen: number;
        ListAdminAccommodationsBlocksResponse: {
            data: {
                created_at: string;
                date: string;
                reason: string | null;
            }[];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminAccommodationsIcalFeedsResponse: {
            data: components["schemas"]["DataItem2"][];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminAccommodationsOverbookingAlertsResponse: {
            data: {
                accommodation_id: number;
                created_at: string;
                first_night: string;
                id: number;
                imported: {
                    end_date: string;
                    feed: string;
                    feed_id: number;
                    start_date: string;
                    summary: string;
                    uid: string;
                };
                /** @description nights of the imported stay held by the other side */
                nights: number;
                other: {
                    booking_id: number | null;
                    confirmation_code: string | null;
                    end_date: string | null;
                    feed: string | null;
                    kind: "booking" | "block" | "external";
                    reason: string | null;
                    start_date: string | null;
                };
            }[];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminAccommodationsPricesResponse: {
            data: {
                date: string;
                price: number;
                source: "override" | "base";
            }[];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminAccommodationsResponse: {
            data: {
                /** @description the home's street address; null: none */
                address: string | null;
                archived_at: components["schemas"]["ArchivedAt"];
                /** @description how to get in and find the home; null: none */
                arrival_instructions: string | null;
                base_price: number;
                cancellation_policy: components["schemas"]["CancellationPolicy"];
                checkin_time: string;
                checkout_time: string;
                city_tax: components["schemas"]["CityTax"];
                cleaning_fee: number;
                /** Format: date-time */
                created_at: string;
                currency: string;
                damage_deposit: number | null;
                /** @description the door or key-box code; null: none */
                door_code: string | null;
                door_code_days: components["schemas"]["DoorCodeDays"];
                extra_guest_fee: {
                    amount: number;
                    included_guests: number;
                } | null;
                extras: {
                    breakfast?: number;
                    late_checkin?: number;
                    linen?: number;
                };
                id: number;
                /** @description the language of guests' mails and invoices */
                language: string;
                max_guests: number;
                max_stay: number;
                min_stay: number;
                monthly_discount: number;
                name: string;
                payment_terms: components["schemas"]["PaymentTerms"];
                registration_number: string | null;
                tax_rate: number;
                timezone: string;
                /** Format: date-time */
                updated_at: string;
                weekly_discount: number;
                /** @description the Wi-Fi network name; null: none */
                wifi_name: string | null;
                /** @description the Wi-Fi password; null: none */
                wifi_password: string | null;
            }[];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminApiKeysResponse: {
            data: components["schemas"]["DataItem3"][];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminBookingsDocumentsResponse: {
            data: {
                /** @description the invoice number a credit note cancels */
                corrects: string | null;
                currency: string;
                /** @description YYYY-MM-DD */
                issued_on: string;
                kind: "invoice" | "credit_note";
                /** @description from the host's one series, e.g. INV-2026-0001 */
                number: string;
                /** @description the PDF, every download byte for byte the same */
                pdf_url: string;
                purpose: components["schemas"]["Purpose"];
                /** @description major units; a credit note's is negative */
                total_amount: number;
            }[];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminBookingsMessagesResponse: {
            data: components["schemas"]["DataItem8"][];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminBookingsRegistrationResponse: {
            data: {
                /** @description `HH:MM` as the guest gave it */
                arrival_time: string | null;
                /** @description the registered guests, by position */
                guests: {
                    address: {
                        city: string | null;
                        country: string | null;
                        postal_code: string | null;
                        street: string | null;
                    } | null;
                    birth_date: string | null;
                    birth_place: string | null;
                    document_country: string | null;
                    document_number: string | null;
                    document_type: string | null;
                    /** @description when the retention job erased the document fields; null while they are kept */
                    documents_erased_at: string | null;
                    first_name: string | null;
                    last_name: string | null;
                    nationality: string | null;
                    /** @description 0 for the lead guest, then in the order of the form */
                    position: number;
                    sex: string | null;
                }[];
                /**
                 * @description missing: nothing given; complete: the arrival time and every field of each adult and child, the lead guest's address included; partial: anything between
                 * @enum {unknown}
                 */
                state: "missing" | "partial" | "complete";
                /** @description when it was last sent; null: never */
                updated_at: string | null;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminBookingsResponse: {
            data: ({
                accommodation_id: number;
                accommodation_name: string;
                adults: number;
                babies: number;
                cancel_reason: string | null;
                /** @description once cancelled, the fee kept (0 when none applied or it was waived); null while the booking stands */
                cancellation_fee: number | null;
                cancelled_at: string | null;
                checkin_date: string;
                checkout_date: string;
                children: number;
                confirmation_code: string;
                confirmed_at: string | null;
                created_at: string;
                currency: string;
                deposit: components["schemas"]["Deposit"];
                guest: components["schemas"]["Guest"];
                guest_notes: string;
                guest_url: components["schemas"]["GuestUrl"];
                hold_expires_at: string | null;
                id: number;
                /** @description the host's own note; never shown to the guest, a partner or a channel */
                internal_note: string;
                /** @enum {string} */
                kind: "booking";
                nights: number;
                partner: components["schemas"]["Partner2"];
                payment: components["schemas"]["Payment2"];
                payment_intent_id: string | null;
                payment_method: string;
                /** @description why the host set the price by hand */
                price_note: string | null;
                pricing: components["schemas"]["Pricing2"];
                /**
                 * @description missing: nothing given; complete: the arrival time and every field of each adult and child, the lead guest's address included; partial: anything between
                 * @enum {unknown}
                 */
                registration_state: "missing" | "partial" | "complete";
                source: string;
                /** @enum {unknown} */
                status: "draft" | "confirmed" | "modified" | "cancelled";
                total_amount: number;
                updated_at: string;
            } | {
                accommodation_id: number;
                accommodation_name: string;
                checkin_date: string;
                checkout_date: string;
                created_at: string;
                /** @description the imported reservation id */
                id: number;
                /** @enum {string} */
                kind: "import";
                nights: number;
                /** @description the name of the feed it was imported from */
                source: string;
                summary: string;
            })[];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminDocumentsResponse: {
            data: {
                booking_id: number;
                confirmation_code: string;
                /** @description the invoice number a credit note cancels */
                corrects: string | null;
                currency: string;
                /** @description YYYY-MM-DD */
                issued_on: string;
                kind: "invoice" | "credit_note";
                /** @description from the host's one series, e.g. INV-2026-0001 */
                number: string;
                /** @description the PDF, every download byte for byte the same */
                pdf_url: string;
                purpose: components["schemas"]["Purpose"];
                /** @description the guest (and company) billed */
                recipient: string;
                recipient_tax_id: string | null;
                /** @description major units; a credit note's is negative */
                total_amount: number;
            }[];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminGuestsExportResponse: {
            data: {
                bookings: {
                    accommodation_id: number;
                    accommodation_name: string;
                    adults: number;
                    amount_paid: number;
                    babies: number;
                    checkin: string;
                    checkout: string;
                    children: number;
                    confirmation_code: string;
                    created_at: string;
                    currency: string;
                    guest_address: components["schemas"]["Address3"];
                    guest_company_name: string | null;
                    guest_company_tax_id: string | null;
                    guest_email: string;
                    guest_first_name: string;
                    guest_last_name: string;
                    guest_notes: string;
                    guest_phone: string | null;
                    guest_title: string | null;
                    id: number;
                    /** @description the host's own note on the booking */
                    internal_note: string;
                    language: string | null;
                    status: string;
                    total: number;
                }[];
                documents: {
                    booking_id: number;
                    currency: string;
                    issued_on: string;
                    kind: string;
                    number: string;
                    purpose: string;
                    total: number;
                }[];
                exported_at: string;
                guest: {
                    address: components["schemas"]["Address3"];
                    created_at: string;
                    email: string;
                    erased_at: string | null;
                    first_name: string;
                    id: number;
                    last_name: string;
                    phone: string | null;
                    title: string | null;
                };
                messages: {
                    body_text: string;
                    booking_id: number | null;
                    created_at: string;
                    id: number;
                    kind: string;
                    recipient: string;
                    sent_at: string | null;
                    status: string;
                    subject: string;
                    template: string;
                }[];
                payment_issues: {
                    booking_id: number | null;
                    created_at: string;
                    detail: string;
                    id: number;
                    kind: string;
                }[];
                registrations: {
                    arrival_time: string | null;
                    booking_id: number;
                    guests: {
                        address: components["schemas"]["Address3"] | null;
                        birth_date: string | null;
                        birth_place: string | null;
                        document_country: string | null;
                        document_number: string | null;
                        document_type: string | null;
                        documents_erased_at: string | null;
                        first_name: string;
                        last_name: string;
                        nationality: string | null;
                        /** @description 0: the lead guest */
                        position: number;
                        sex: string | null;
                    }[];
                }[];
                scheduled_messages: {
                    booking_id: number;
                    id: number;
                    rule_id: number;
                    send_at: string;
                    sent_at: string | null;
                    state: string;
                }[];
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminMessageRulesResponse: {
            data: components["schemas"]["DataItem7"][];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminMessageTemplatesResponse: {
            data: components["schemas"]["DataItem6"][];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminOutboxResponse: {
            data: {
                attempts: number;
                booking_id: number | null;
                created_at: string;
                id: number;
                kind: string;
                last_error: string | null;
                next_attempt_at: string;
                recipient: string;
                sent_at: string | null;
                status: "pending" | "sent" | "failed" | "test";
                subject: string;
                template: string;
            }[];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminPaymentIssuesResponse: {
            data: {
                /** @description major units of `currency` */
                amount: number | null;
                booking_id: number | null;
                created_at: string;
                currency: string | null;
                detail: string;
                id: number;
                kind: string;
                payment_intent_id: string | null;
                resolved_at: string | null;
            }[];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminReportsOccupancyResponse: {
            data: {
                accommodations: {
                    /** @description revenue / nights_booked, 2 decimals; 0 when nothing is booked */
                    adr: number;
                    /** @description days from booking to arrival, over the bookings; 2 decimals */
                    avg_lead_time_days: number;
                    /** @description nights per stay, over the stays counted in bookings; 2 decimals */
                    avg_length_of_stay: number;
                    /** @description stays arriving in the period: confirmed and modified bookings, and imported stays */
                    bookings: number;
                    /** @description confirmed bookings arriving in the period, since cancelled */
                    cancellations: number;
                    currency: string;
                    id: number;
                    name: string;
                    /** @description nights in the period */
                    nights: number;
                    /** @description nights − nights_blocked */
                    nights_available: number;
                    /** @description nights blocked by the host, here or on a channel (an imported "Not available" event) */
                    nights_blocked: number;
                    /** @description nights of confirmed and modified bookings */
                    nights_booked: number;
                    /** @description nights held by stays imported from channels' calendars (not their closed nights) */
                    nights_imported: number;
                    /** @description (booked + imported) / available, 4 decimals; 0 when nothing is available */
                    occupancy_rate: number;
                    periods?: components["schemas"]["Periods"];
                    /** @description the shares of booked nights in the period, in major units */
                    revenue: number;
                    /** @description revenue / nights_available, 2 decimals; 0 when nothing is available */
                    revpar: number;
                    sources: components["schemas"]["Sources"];
                }[];
                from: string;
                group: ("month" | "year") | null;
                to: string;
                /** @description one per currency, in code order */
                totals: {
                    /** @description revenue / nights_booked, 2 decimals; 0 when nothing is booked */
                    adr: number;
                    /** @description days from booking to arrival, over the bookings; 2 decimals */
                    avg_lead_time_days: number;
                    /** @description nights per stay, over the stays counted in bookings; 2 decimals */
                    avg_length_of_stay: number;
                    /** @description stays arriving in the period: confirmed and modified bookings, and imported stays */
                    bookings: number;
                    /** @description confirmed bookings arriving in the period, since cancelled */
                    cancellations: number;
                    currency: string;
                    /** @description nights in the period */
                    nights: number;
                    /** @description nights − nights_blocked */
                    nights_available: number;
                    /** @description nights blocked by the host, here or on a channel (an imported "Not available" event) */
                    nights_blocked: number;
                    /** @description nights of confirmed and modified bookings */
                    nights_booked: number;
                    /** @description nights held by stays imported from channels' calendars (not their closed nights) */
                    nights_imported: number;
                    /** @description (booked + imported) / available, 4 decimals; 0 when nothing is available */
                    occupancy_rate: number;
                    periods?: components["schemas"]["Periods"];
                    /** @description the shares of booked nights in the period, in major units */
                    revenue: number;
                    /** @description revenue / nights_available, 2 decimals; 0 when nothing is available */
                    revpar: number;
                    sources: components["schemas"]["Sources"];
                }[];
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminSettingsResponse: {
            data: components["schemas"]["Data6"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminTasksResponse: {
            data: components["schemas"]["DataItem5"][];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminUsersResponse: {
            data: components["schemas"]["DataItem4"][];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminWebhookEndpointsDeliveriesResponse: {
            data: {
                attempts: number;
                created_at: string;
                delivered_at: string | null;
                event_id: string;
                id: number;
                last_error: string | null;
                /** @description the start of the last answer body */
                last_response: string | null;
                last_status: number | null;
                next_attempt_at: string;
                status: "pending" | "delivered" | "failed";
                type: string;
            }[];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListAdminWebhookEndpointsResponse: {
            data: components["schemas"]["Data"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListEventsResponse: {
            data: {
                events: {
                    /** @description the booking as this key's GET /bookings/:id shows it */
                    data: unknown;
                    /** @description evt_<n>: also the webhook-id header of its deliveries */
                    id: string;
                    /** @description false for a test key's events (docs/partners.md#test-mode) */
                    livemode: boolean;
                    timestamp: string;
                    type: string;
                }[];
                /** @description pass as `after` to read on; the same cursor again when there was nothing new */
                next_cursor: string | null;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        ListV1WebhookEndpointsResponse: {
            data: components["schemas"]["Data"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        Metadata: {
            api_version: string;
            endpoint?: string;
            request_id?: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** @description default 'live'; 'test' makes a test key (sdk_test_…, v1 API only): its bookings see the live calendar but never take a live night, mail no guest and appear in no live list */
        Mode: "live" | "test";
        /** @description updated: read and applied; not_modified: a 304 or the same body as last time; held: the calendar came back empty while the feed had stays, which are kept until the next pull confirms it; failed: nothing changed */
        Outcome: "updated" | "not_modified" | "held" | "failed";
        Partner: {
            email: string;
            id: number;
            name: string;
            phone: string;
        };
        Partner2: {
            email: string;
            id: number;
            name: string;
            phone: string | null;
        };
        PartnerData: {
            address?: components["schemas"]["Address"];
            /** Format: email */
            email: string;
            first_name: string;
            last_name: string;
            phone?: string;
            title?: string;
        };
        /** @description what has been paid: payments the host recorded, less refunds given back, and what the processor's card payment paid when it confirmed the booking */
        Payment: {
            amount_paid: number;
            balance: components["schemas"]["Balance"];
            state: "unpaid" | "partly_paid" | "paid" | "overpaid";
        };
        /** @description what is due (the total, or the cancellation fee once cancelled), paid (recorded payments less refunds, and what the processor's card payment paid) and left */
        Payment2: {
            /** @description major units of the booking currency */
            amount_due: number;
            /** @description major units of the booking currency */
            amount_paid: number;
            /** @description major units of the booking currency */
            balance: number;
            schedule: components["schemas"]["Schedule"];
            /** @enum {unknown} */
            state: "unpaid" | "partly_paid" | "paid" | "overpaid";
        };
        /** @description recorded payments, undone ones too, oldest first */
        Payments: components["schemas"]["PaymentsItem"][];
        PaymentsItem: {
            /** @description major units of the booking currency */
            amount: number;
            id: number;
            /** @enum {unknown} */
            method: "cash" | "bank_transfer" | "card" | "other";
            received_on: string;
            recorded_at: string;
            /** @description api_key:<id> or console_user:<id> */
            recorded_by: string;
            reference: string | null;
            undone_at: string | null;
            undone_by: string | null;
        };
        /** @description checked when the message is due (else skipped `payment_state`); empty: any */
        PaymentStates: ("unpaid" | "partly_paid" | "paid" | "overpaid")[];
        PaymentTerms: {
            balance_days_before: number;
            deposit_fraction: number;
        } | null;
        PaymentTerms2: {
            /** @description the rest due this many days before check-in */
            balance_days_before: number;
            /** @description share of the total due at booking, fraction 0..1, at most 6 decimals */
            deposit_fraction: number;
        } | null;
        PaymentWebhookRequest: {
            data: {
                /** @description the PaymentIntent */
                object: {
                    /** @description minor units */
                    amount: number;
                    /** @description minor units */
                    amount_received?: number;
                    /** @description ISO 4217, any case */
                    currency: string;
                    id: string;
                    metadata?: {
                        booking_id?: string;
                        booking_reference?: string;
                    } & {
                        [key: string]: string;
                    };
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            };
            /** @description event id; the same id twice is applied once */
            id: string;
            /**
             * @example payment_intent.succeeded
             * @example payment_intent.payment_failed
             */
            type: string;
        } & {
            [key: string]: unknown;
        };
        PaymentWebhookResponse: {
            booking_id: number | null;
            event_id: string;
            event_type: string;
            message: string;
            /** @description confirmed, already_confirmed, balance_paid, duplicate, ignored, or the kind of payment issue recorded for the host */
            outcome: string;
            /** @enum {boolean} */
            received: true;
        };
        PaymentWebhookSecret: {
            set: boolean;
            source: "settings" | "environment" | null;
        };
        /** @description with `group` only: the range by period */
        Periods: components["schemas"]["PeriodsItem"][];
        PeriodsItem: {
            /** @description revenue / nights_booked, 2 decimals; 0 when nothing is booked */
            adr: number;
            /** @description days from booking to arrival, over the bookings; 2 decimals */
            avg_lead_time_days: number;
            /** @description nights per stay, over the stays counted in bookings; 2 decimals */
            avg_length_of_stay: number;
            /** @description stays arriving in the period: confirmed and modified bookings, and imported stays */
            bookings: number;
            /** @description confirmed bookings arriving in the period, since cancelled */
            cancellations: number;
            /** @description first night of the period in the range */
            from: string;
            /** @description nights in the period */
            nights: number;
            /** @description nights − nights_blocked */
            nights_available: number;
            /** @description nights blocked by the host, here or on a channel (an imported "Not available" event) */
            nights_blocked: number;
            /** @description nights of confirmed and modified bookings */
            nights_booked: number;
            /** @description nights held by stays imported from channels' calendars (not their closed nights) */
            nights_imported: number;
            /** @description (booked + imported) / available, 4 decimals; 0 when nothing is available */
            occupancy_rate: number;
            /** @description `YYYY-MM` or `YYYY` */
            period: string;
            /** @description the shares of booked nights in the period, in major units */
            revenue: number;
            /** @description revenue / nights_available, 2 decimals; 0 when nothing is available */
            revpar: number;
            sources: components["schemas"]["Sources"];
            /** @description the night after its last one in the range */
            to: string;
        };
        Pricing: {
            avg_price_per_night: number;
            base_price: number;
            /** @description per counted person per night, not discounted, not taxed; 0 when none */
            city_tax: number;
            cleaning_fee: number;
            discounts: {
                [key: string]: number;
            };
            /** @description for guests beyond those the price includes, taxed; 0 when none */
            extra_guest_fee: number;
            extras: {
                [key: string]: number;
            };
            tax: number;
            /** @description everything above, city tax included: the amount to send when booking */
            total: number;
        };
        Pricing2: {
            base_price: number;
            /** @description collected for the city; not revenue; 0 when none */
            city_tax: number;
            cleaning_fee: number;
            discount: number;
            /** @description for guests beyond those the price includes; 0 when none */
            extra_guest_fee: number;
            extras: {
                [key: string]: number;
            };
            /** @description what refunds that lowered the price took off the total */
            price_reduction: number;
            tax: number;
            total: number;
        };
        /** @description the last pulls, newest first */
        Pulls: components["schemas"]["PullsItem"][];
        PullsItem: {
            added: number;
            changed: number;
            error: string | null;
            http_status: number | null;
            outcome: components["schemas"]["Outcome"];
            removed: number;
            started_at: string;
        };
        /** @description 'stay': the booking's price; 'cancellation_fee': the fee kept on cancelling */
        Purpose: "stay" | "cancellation_fee";
        /** @description refunds, oldest first */
        Refunds: components["schemas"]["RefundsItem"][];
        RefundsItem: {
            /** @description major units of the booking currency */
            amount: number;
            /**
             * @description price_reduced: the price went down by the amount; money_returned: the price stands
             * @enum {unknown}
             */
            effect: "price_reduced" | "money_returned";
            id: number;
            /** @enum {unknown} */
            method: "cash" | "bank_transfer" | "card" | "other";
            reason: string | null;
            recorded_at: string;
            /** @description api_key:<id> or console_user:<id> */
            recorded_by: string;
        };
        Restrictions: {
            checkin_time: string;
            checkout_time: string;
            max_guests: number;
            max_stay: number;
            min_stay: number;
        };
        /** @description owner: everything; manager: all but users, secrets and keys; front_desk; cleaner; accountant */
        Role: "owner" | "manager" | "front_desk" | "cleaner" | "accountant";
        /** @description when the price falls due under the payment terms the booking keeps (one entry when it has none or the stay is closer than the balance days); empty once cancelled */
        Schedule: components["schemas"]["ScheduleItem"][];
        ScheduleItem: {
            /** @description major units of the booking currency */
            amount: number;
            /** Format: date */
            due_on: string;
        };
        SendTestEventResponse: {
            data: components["schemas"]["Data3"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        SetAdminAccommodationsPricesRequest: {
            /** @description YYYY-MM-DD */
            from: string;
            /** @description per night, major units; null returns the nights to the base price */
            price: number | null;
            /** @description YYYY-MM-DD */
            to: string;
        };
        SetAdminAccommodationsPricesResponse: {
            data: {
                accommodation_id: number;
                from: string;
                nights: number;
                price: number | null;
                to: string;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        SetAdminSettingsRequest: {
            /** @description the account bank transfers go to, replaced as a whole; null clears it */
            bank_details?: {
                account_holder: string;
                /** @description the bank's name */
                bank_name?: string | null;
                bic?: string | null;
                /** @description checked with its ISO 13616 check digits */
                iban: string;
            } | null;
            /** @description the host's business, replaced as a whole; null clears it */
            business?: {
                /** @description postal address, lines separated by new lines */
                address?: string | null;
                email?: string | null;
                /** @description signs every guest mail; heads the invoice */
                name: string;
                /** @description contact phone number */
                phone?: string | null;
                /** @description VAT or tax number printed on invoices */
                tax_id?: string | null;
            } | null;
            /** @description address that overbooking alerts from imported calendars are mailed to; null clears it */
            host_email?: string | null;
            invoicing?: components["schemas"]["Invoicing"];
            /** @description card processor's signing secret (whsec_...); at least 32 characters; null clears it */
            payment_webhook_secret?: string | null;
            /** @description days after a stay's departure that the guests' identity documents given at check-in are kept, then erased; null returns to the default (90) */
            registration_retention_days?: number | null;
            /** @description card processor's secret API key (sk_...), with which guests pay their balance by card on their page; at least 32 characters; null clears it */
            stripe_secret_key?: string | null;
            /** @description signing secret of /webhook/update and /webhook/calendar_sync; at least 32 characters; null clears it */
            webhook_secret?: string | null;
        };
        SetAdminSettingsResponse: {
            data: components["schemas"]["Data6"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        /** @description bookings and cancellations by source, most bookings first */
        Sources: components["schemas"]["SourcesItem"][];
        SourcesItem: {
            /** @description stays from this source arriving in the period */
            bookings: number;
            /** @description confirmed bookings from this source, arriving in the period, since cancelled */
            cancellations: number;
            /** @description `direct`, another source a booking was made with, or a feed name */
            source: string;
        };
        /** @description the subject per language (en, de, fr, es, it): {"en": "..."}; the same languages as the other part */
        Subject: {
            [key: string]: string;
        };
        /** @description Unknown top-level fields are ignored. */
        SyncCalendarWebhookRequest: {
            accommodation_id: number;
            /** @enum {string} */
            action?: "sync";
            timestamp?: components["schemas"]["Timestamp"];
        };
        SyncCalendarWebhookResponse: {
            accommodation_id: number;
            /** @enum {string} */
            action: "sync";
            details: string[];
            /** @description external calendars configured for the accommodation */
            feeds: number;
            /** @description stays added or changed by this run, over all feeds */
            imported: number;
            message: string;
            /** @description what the pull of each feed changed; a failed pull changed nothing */
            results: {
                added: number;
                changed: number;
                error: string | null;
                feed: string;
                feed_id: number;
                outcome: "updated" | "not_modified" | "held" | "failed";
                removed: number;
            }[];
            /** @enum {boolean} */
            success: true;
        };
        /** @description Ignored. Clients send {} or no body at all. */
        TestCalendarRequest: {
            [key: string]: unknown;
        };
        TestCalendarResponse: {
            data: {
                message: string;
                status: string;
                timestamp: string;
                /** @description off: webhook calls are accepted unsigned */
                webhook_signatures: "on" | "off";
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        TestConnectionResponse: {
            data: {
                login: string;
                message: string;
                /** @enum {string} */
                status: "ok";
                /** Format: date-time */
                timestamp: string;
                user: string;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        TestPaymentRequest: {
            /** @description succeeded: the total is paid (a draft is confirmed); failed: the card is declined (a payment issue, the booking unchanged); amount_mismatch: one minor unit more than the total is paid (a payment issue, the draft stays a draft) */
            outcome: "succeeded" | "failed" | "amount_mismatch";
        };
        TestPaymentResponse: {
            data: {
                booking: components["schemas"]["Booking"];
                message: string;
                /** @description what the payment did, as the payment webhook reports it: confirmed, already_confirmed, payment_failed, amount_mismatch, refund_needed, ... */
                outcome: string;
            };
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        TestWebhookResponse: {
            message: string;
            signature_header: string;
            signatures_enabled: boolean;
            /** @enum {string} */
            status: "ok";
            /** @enum {boolean} */
            success: true;
            /** Format: date-time */
            timestamp: string;
        };
        /** @description ISO 8601 (without a zone it is UTC); with signatures on it is required, and more than 5 minutes from now is refused as a possible replay */
        Timestamp: string;
        Trigger: {
            at: components["schemas"]["At"];
            /** @enum {unknown} */
            event: "booking_confirmed" | "before_checkin" | "checkin_day" | "before_checkout" | "after_checkout" | "booking_cancelled" | "balance_due";
            /** @description days from the event: before it for before_*, balance_due; after it for the others */
            offset_days: number;
        };
        UpdateAdminAccommodationsIcalFeedsRequest: {
            /** @description channel name reported as the source of imported bookings, e.g. airbnb; stored lower-case */
            name?: string;
            url?: components["schemas"]["Url"];
        };
        UpdateAdminAccommodationsIcalFeedsResponse: {
            data: components["schemas"]["DataItem2"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        UpdateAdminAccommodationsRequest: {
            /** @description the home's street address; null: none */
            address?: string | null;
            /** @description how to get in and find the home; null: none */
            arrival_instructions?: string | null;
            base_price?: components["schemas"]["BasePrice"];
            cancellation_policy?: components["schemas"]["CancellationPolicy2"];
            /** @description default 15:00, HH:MM */
            checkin_time?: string;
            /** @description default 10:00, HH:MM */
            checkout_time?: string;
            city_tax?: components["schemas"]["CityTax2"];
            cleaning_fee?: components["schemas"]["CleaningFee"];
            /** @description ISO 4217 code, default EUR */
            currency?: string;
            damage_deposit?: components["schemas"]["DamageDeposit"];
            /** @description the door or key-box code; null: none */
            door_code?: string | null;
            door_code_days?: components["schemas"]["DoorCodeDays"];
            extra_guest_fee?: components["schemas"]["ExtraGuestFee"];
            extras?: components["schemas"]["Extras2"];
            /**
             * @description guests' mails and invoices are written in it unless a booking names the guest's; default en
             * @enum {unknown}
             */
            language?: "en" | "de" | "fr" | "es" | "it";
            max_guests?: number;
            /** @description nights, default 365, at least min_stay */
            max_stay?: number;
            /** @description nights, default 1 */
            min_stay?: number;
            /** @description from 28 nights, default 0, fraction 0..1, at most 6 decimals */
            monthly_discount?: number;
            name?: string;
            payment_terms?: components["schemas"]["PaymentTerms2"];
            /** @description short-term-rental registration number (EU 2024/1028, CIN, NRUA, ...); trimmed, blank = none */
            registration_number?: string | null;
            /** @description default 0, fraction 0..1, at most 6 decimals */
            tax_rate?: number;
            /** @description IANA time zone, default UTC */
            timezone?: string;
            /** @description from 7 nights, default 0, fraction 0..1, at most 6 decimals */
            weekly_discount?: number;
            /** @description the Wi-Fi network name; null: none */
            wifi_name?: string | null;
            /** @description the Wi-Fi password; null: none */
            wifi_password?: string | null;
        };
        UpdateAdminAccommodationsResponse: {
            data: components["schemas"]["Data4"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        UpdateAdminApiKeysRequest: {
            endpoint_limit: components["schemas"]["EndpointLimit"];
        };
        UpdateAdminApiKeysResponse: {
            data: components["schemas"]["DataItem3"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        UpdateAdminBookingsRequest: {
            adults_count?: number;
            babies_count?: number;
            /** @description YYYY-MM-DD */
            checkin_date?: string;
            /** @description YYYY-MM-DD */
            checkout_date?: string;
            children_count?: number;
            guest?: {
                address?: {
                    city?: string | null;
                    country?: string | null;
                    line1?: string | null;
                    line2?: string | null;
                    postal_code?: string | null;
                } | null;
                company_name?: string | null;
                company_tax_id?: string | null;
                /** Format: email */
                email?: string;
                first_name?: string;
                last_name?: string;
                phone?: string | null;
            };
            internal_note?: string;
            /** @description mail the guest what changed for them (default false) */
            notify_guest?: boolean;
            /** @description major units */
            total_amount?: number;
        };
        UpdateAdminBookingsResponse: {
            data: components["schemas"]["Data5"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        UpdateAdminMessageRulesRequest: {
            /** @description default true; false: paused */
            active?: boolean;
            conditions?: components["schemas"]["Conditions"];
            name?: string;
            template_id?: number;
            trigger?: components["schemas"]["Trigger"];
        };
        UpdateAdminMessageRulesResponse: {
            data: components["schemas"]["DataItem7"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        UpdateAdminMessageTemplatesRequest: {
            body?: components["schemas"]["Body"];
            name?: string;
            subject?: components["schemas"]["Subject"];
        };
        UpdateAdminMessageTemplatesResponse: {
            data: components["schemas"]["DataItem6"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        UpdateAdminTasksRequest: {
            /** @description null: no one */
            assignee_id?: number | null;
            /** @description a task is cancelled only when its stay goes; 'open' undoes a 'done' */
            state?: "open" | "done";
        };
        UpdateAdminTasksResponse: {
            data: components["schemas"]["DataItem5"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        UpdateAdminUsersRequest: {
            /** @description the homes a cleaner works in (cleaners only) */
            accommodation_ids?: number[];
            email?: string | null;
            name?: string;
            role?: components["schemas"]["Role"];
        };
        UpdateAdminUsersResponse: {
            data: components["schemas"]["DataItem4"];
            metadata: components["schemas"]["Metadata"];
            /** @enum {boolean} */
            success: true;
        };
        /** @description Unknown top-level fields are ignored. */
        UpdateBookingWebhookRequest: {
            booking_id: number;
            /** @enum {unknown} */
            event_type: "booking_updated" | "modified" | "cancelled";
            new_data?: {
                /** @description YYYY-MM-DD */
                checkin_date?: string;
                /** @description YYYY-MM-DD */
                checkout_date?: string;
                /** @description adults + children; babies are not counted */
                guest_count?: number;
                notes?: string;
            };
            reason?: string;
            timestamp?: components["schemas"]["Timestamp"];
        };
        UpdateBookingWebhookResponse: {
            booking_id: number;
            message: string;
            /** @enum {unknown} */
            new_status: "draft" | "confirmed" | "modified" | "cancelled";
            /** @enum {boolean} */
            success: true;
            /** @description false when this call changed nothing (already cancelled, nothing new, or a repeated delivery) */
            updated: boolean;
        };
        /** @description http(s) URL of the iCal feed; loopback, private and link-local addresses are refused unless ICAL_ALLOW_PRIVATE_NETWORKS=true */
        Url: string;
    };
    responses: {
        /** @description Bad request: details.reason says what to change */
        BadRequest: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "legacy_jsonrpc_body" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems";
                        };
                    };
                };
            };
        };
        /** @description Bad request: details.reason says what to change */
        BadRequest2: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "legacy_jsonrpc_body" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_date" | "invalid_range" | "past_date" | "min_stay" | "max_stay" | "max_guests" | "extra_not_offered" | "amount_too_large";
                        };
                    };
                };
            };
        };
        /** @description Bad request: details.reason says what to change */
        BadRequest3: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "bad_url" | "param_too_long" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems";
                        };
                    };
                };
            };
        };
        /** @description Bad request: details.reason says what to change */
        BadRequest4: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems";
                        };
                    };
                };
            };
        };
        /** @description Bad request: details.reason says what to change */
        BadRequest5: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "out_of_range" | "invalid_date";
                        };
                    };
                };
            };
        };
        /** @description Bad request: details.reason says what to change */
        BadRequest6: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_date" | "invalid_range" | "range_too_long";
                        };
                    };
                };
            };
        };
        /** @description Bad request: details.reason says what to change */
        BadRequest7: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_url" | "private_address" | "own_export_url";
                        };
                    };
                };
            };
        };
        /** @description Bad request: details.reason says what to change */
        BadRequest8: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_date" | "invalid_amount";
                        };
                    };
                };
            };
        };
        /** @description Bad request: details.reason says what to change */
        BadRequest9: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_date" | "invalid_range";
                        };
                    };
                };
            };
        };
        /** @description Bad request: details.reason says what to change */
        BadRequest10: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_date" | "invalid_range" | "range_too_long";
                        };
                    };
                };
            };
        };
        /** @description Bad request: details.reason says what to change */
        BadRequest11: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "bad_url" | "param_too_long" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_url" | "private_address";
                        };
                    };
                };
            };
        };
        /** @description Bad request: details.reason says what to change */
        BadRequest12: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_url" | "private_address";
                        };
                    };
                };
            };
        };
        /** @description Conflict */
        Conflict: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "endpoint_limit";
                        };
                    };
                };
            };
        };
        /** @description Conflict */
        Conflict2: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "dates_unavailable";
                        };
                    };
                };
            };
        };
        /** @description Conflict */
        Conflict3: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "duplicate_feed_name";
                        };
                    };
                };
            };
        };
        /** @description Conflict */
        Conflict4: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "payment_already_undone" | "refund_exceeds_paid";
                        };
                    };
                };
            };
        };
        /** @description Conflict */
        Conflict5: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "message_not_scheduled" | "guest_without_email";
                        };
                    };
                };
            };
        };
        /** @description Forbidden */
        Forbidden: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "admin_scope_required";
                        };
                    };
                };
            };
        };
        /** @description Request headers too large (the connection is closed) */
        HeadersTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "headers_too_large";
                        };
                    };
                };
            };
        };
        /** @description Request headers too large (the connection is closed) */
        HeadersTooLarge2: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "headers_too_large";
                        };
                    };
                };
            };
        };
        /** @description Internal error (the request id is logged) */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Internal error (the request id is logged) */
        InternalError2: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Not found */
        NotFound: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "accommodation_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound2: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "booking_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound3: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "endpoint_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound4: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "accommodation_not_found" | "feed_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound5: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "booking_not_found" | "payment_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound6: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "api_key_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound7: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "template_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound8: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "template_not_found" | "rule_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound9: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "rule_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound10: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "booking_not_found" | "scheduled_message_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound11: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "guest_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound12: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "api_key_not_found" | "endpoint_not_found" | "delivery_not_found";
                        };
                    };
                };
            };
        };
        /** @description Not found */
        NotFound13: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "calendar_not_found";
                        };
                    };
                };
            };
        };
        /** @description Payload too large */
        PayloadTooLarge: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "body_too_large";
                        };
                    };
                };
            };
        };
        /** @description The request did not all arrive in time (the connection is closed) */
        RequestTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "request_timeout";
                        };
                    };
                };
            };
        };
        /** @description The request did not all arrive in time (the connection is closed) */
        RequestTimeout2: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "request_timeout";
                        };
                    };
                };
            };
        };
        /** @description Too many requests: wait Retry-After seconds (except draft_limit: free a draft) */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "rate_limited";
                        };
                    };
                };
            };
        };
        /** @description Unauthorized */
        Unauthorized: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "missing_api_key" | "invalid_api_key";
                        };
                    };
                };
            };
        };
        /** @description Unavailable for a moment: retry after Retry-After seconds */
        Unavailable: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "shutting_down";
                        };
                    };
                };
            };
        };
        /** @description Unavailable for a moment: retry after Retry-After seconds */
        Unavailable2: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        details?: {
                            /** @enum {unknown} */
                            reason: "store_unavailable" | "shutting_down";
                        };
                    };
                };
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Sent as `true` when the answer is the stored first answer to this idempotency_key (nothing was created). */
        "Idempotent-Replayed": "true";
        /** @description Seconds to wait before retrying. A `draft_limit` 429 gives the time until a held draft expires: free a draft (cancel or pay it) instead of waiting. */
        "Retry-After": number;
        /** @description Requests allowed in the current minute. */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current minute. */
        "X-RateLimit-Remaining": number;
        /** @description Seconds until the minute is over. */
        "X-RateLimit-Reset": number;
        /** @description The request id: the one the caller sent (1–64 of A-Z a-z 0-9 . _ : -), else a new UUID. */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listAdminAccommodations: {
        parameters: {
            query?: {
                /** @description also list the archived accommodations (left out by default) */
                include?: "archived";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminAccommodationsResponse"];
                };
            };
            400: components["responses"]["BadRequest5"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminAccommodations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminAccommodationsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminAccommodationsResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "blank" | "invalid_range" | "min_stay" | "max_stay" | "unknown_currency" | "invalid_amount" | "amount_too_large" | "invalid_rate" | "unknown_timezone";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getAdminAccommodations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAdminAccommodationsResponse"];
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    deleteAdminAccommodations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAdminAccommodationsResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    updateAdminAccommodations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAdminAccommodationsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateAdminAccommodationsResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "blank" | "invalid_range" | "min_stay" | "max_stay" | "unknown_currency" | "invalid_amount" | "amount_too_large" | "invalid_rate" | "unknown_timezone";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "has_bookings";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminAccommodationsBlocks: {
        parameters: {
            query?: {
                /** @description YYYY-MM-DD */
                from?: string;
                /** @description YYYY-MM-DD */
                to?: string;
            };
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminAccommodationsBlocksResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "bad_url" | "param_too_long" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_date" | "invalid_range" | "range_too_long";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminAccommodationsBlocks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminAccommodationsBlocksRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminAccommodationsBlocksResponse"];
                };
            };
            400: components["responses"]["BadRequest6"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    deleteAdminAccommodationsBlocks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteAdminAccommodationsBlocksRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAdminAccommodationsBlocksResponse"];
                };
            };
            400: components["responses"]["BadRequest6"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminAccommodationsIcalExportUrlRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminAccommodationsIcalExportUrlRotateResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminAccommodationsIcalFeeds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminAccommodationsIcalFeedsResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "bad_url" | "param_too_long" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_url" | "private_address" | "own_export_url";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound4"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict3"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminAccommodationsIcalFeeds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminAccommodationsIcalFeedsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminAccommodationsIcalFeedsResponse"];
                };
            };
            400: components["responses"]["BadRequest7"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound4"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict3"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    deleteAdminAccommodationsIcalFeeds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                feedId: string;
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAdminAccommodationsIcalFeedsResponse"];
                };
            };
            400: components["responses"]["BadRequest7"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound4"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict3"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    updateAdminAccommodationsIcalFeeds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                feedId: string;
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAdminAccommodationsIcalFeedsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateAdminAccommodationsIcalFeedsResponse"];
                };
            };
            400: components["responses"]["BadRequest7"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound4"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict3"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminAccommodationsIcalFeedsSync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                feedId: string;
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminAccommodationsIcalFeedsSyncResponse"];
                };
            };
            400: components["responses"]["BadRequest7"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound4"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict3"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminAccommodationsOverbookingAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminAccommodationsOverbookingAlertsResponse"];
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminAccommodationsPrices: {
        parameters: {
            query: {
                /** @description YYYY-MM-DD */
                from: string;
                /** @description YYYY-MM-DD */
                to: string;
            };
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminAccommodationsPricesResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "bad_url" | "param_too_long" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_date" | "invalid_range" | "range_too_long" | "invalid_amount" | "amount_too_large";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    setAdminAccommodationsPrices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetAdminAccommodationsPricesRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetAdminAccommodationsPricesResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_date" | "invalid_range" | "range_too_long" | "invalid_amount" | "amount_too_large";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminApiKeysResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminApiKeysRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminApiKeysResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "blank" | "test_admin_key";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    deleteAdminApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAdminApiKeysResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound6"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    updateAdminApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAdminApiKeysRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateAdminApiKeysResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound6"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminApiKeysWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminApiKeysWebhookSecretResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound6"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminBookings: {
        parameters: {
            query?: {
                /** @description integer id */
                accommodation_id?: string;
                /** @description YYYY-MM-DD */
                from?: string;
                /** @description also list stays imported from channel feeds */
                include?: "imports";
                /** @description 1..200, default 50 */
                limit?: string;
                /** @description default 0 */
                offset?: string;
                payment_state?: "unpaid" | "partly_paid" | "paid" | "overpaid";
                /** @description code, full name in either order, part of a name, e-mail or phone digits; case- and accent-insensitive */
                q?: string;
                /** @description created (newest first, default), arrival or departure */
                sort?: "created" | "arrival" | "departure";
                status?: "draft" | "confirmed" | "modified" | "cancelled";
                /** @description YYYY-MM-DD */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminBookingsResponse"];
                };
            };
            400: components["responses"]["BadRequest5"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminBookings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminBookingsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminBookingsResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "blank" | "invalid_date" | "invalid_range" | "past_date" | "min_stay" | "max_stay" | "max_guests" | "extra_not_offered" | "invalid_amount" | "amount_too_large";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "dates_unavailable" | "accommodation_archived";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminBookingsCsv: {
        parameters: {
            query?: {
                /** @description integer id */
                accommodation_id?: string;
                /** @description YYYY-MM-DD */
                from?: string;
                /** @description also list stays imported from channel feeds */
                include?: "imports";
                /** @description 1..200, default 50 */
                limit?: string;
                /** @description default 0 */
                offset?: string;
                payment_state?: "unpaid" | "partly_paid" | "paid" | "overpaid";
                /** @description code, full name in either order, part of a name, e-mail or phone digits; case- and accent-insensitive */
                q?: string;
                /** @description created (newest first, default), arrival or departure */
                sort?: "created" | "arrival" | "departure";
                status?: "draft" | "confirmed" | "modified" | "cancelled";
                /** @description YYYY-MM-DD */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per booking (and imported stay with include=imports) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest5"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getAdminBookings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAdminBookingsResponse"];
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    updateAdminBookings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAdminBookingsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateAdminBookingsResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "blank" | "invalid_date" | "invalid_range" | "past_date" | "min_stay" | "max_stay" | "max_guests" | "extra_not_offered" | "invalid_amount" | "amount_too_large" | "unknown_country";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "accommodation_not_found" | "booking_not_found";
                            };
                        };
                    };
                };
            };
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "dates_unavailable" | "booking_cancelled" | "booking_not_confirmed";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminBookingsCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminBookingsCancelRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminBookingsCancelResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminBookingsDeposit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminBookingsDepositRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminBookingsDepositResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_amount" | "reason_required" | "amount_too_large";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "no_deposit" | "deposit_already_collected" | "deposit_not_held" | "keep_exceeds_deposit";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminBookingsDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminBookingsDocumentsResponse"];
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminBookingsGuestUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminBookingsGuestUrlResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminBookingsMessages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminBookingsMessagesResponse"];
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminBookingsMessagesSendNow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
                /** @description integer id */
                mid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminBookingsMessagesSendNowResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound10"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict5"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminBookingsMessagesSkip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
                /** @description integer id */
                mid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminBookingsMessagesSkipResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound10"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict5"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminBookingsPayments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminBookingsPaymentsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminBookingsPaymentsResponse"];
                };
            };
            400: components["responses"]["BadRequest8"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound5"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict4"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    deleteAdminBookingsPayments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
                /** @description integer id */
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAdminBookingsPaymentsResponse"];
                };
            };
            400: components["responses"]["BadRequest8"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound5"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict4"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminBookingsRefunds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminBookingsRefundsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminBookingsRefundsResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_amount" | "amount_too_large";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "booking_cancelled" | "refund_exceeds_paid" | "refund_exceeds_price";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminBookingsRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminBookingsRegistrationResponse"];
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminBookingsReinstate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminBookingsReinstateRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminBookingsReinstateResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "dates_unavailable" | "booking_not_cancelled" | "never_confirmed";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminDocuments: {
        parameters: {
            query: {
                /** @description first issue date, YYYY-MM-DD (inclusive) */
                from: string;
                /** @description last issue date, YYYY-MM-DD (inclusive) */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminDocumentsResponse"];
                };
            };
            400: components["responses"]["BadRequest9"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminDocumentsCsv: {
        parameters: {
            query: {
                /** @description first issue date, YYYY-MM-DD (inclusive) */
                from: string;
                /** @description last issue date, YYYY-MM-DD (inclusive) */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per document, in the order issued */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest9"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminDocumentsPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the document number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "document_not_found";
                            };
                        };
                    };
                };
            };
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminGuestsErase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminGuestsEraseResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound11"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminGuestsExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminGuestsExportResponse"];
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound11"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminMessageRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminMessageRulesResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminMessageRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminMessageRulesRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminMessageRulesResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "blank";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound8"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getAdminMessageRules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAdminMessageRulesResponse"];
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound9"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    deleteAdminMessageRules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAdminMessageRulesResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound9"];
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "rule_in_use";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    updateAdminMessageRules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAdminMessageRulesRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateAdminMessageRulesResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "blank";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound8"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminMessageTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminMessageTemplatesResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminMessageTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminMessageTemplatesRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminMessageTemplatesResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "blank" | "unknown_variable" | "invalid_template" | "unknown_language";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound7"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getAdminMessageTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAdminMessageTemplatesResponse"];
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound7"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    deleteAdminMessageTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAdminMessageTemplatesResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound7"];
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "template_in_use";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    updateAdminMessageTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAdminMessageTemplatesRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateAdminMessageTemplatesResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "blank" | "unknown_variable" | "invalid_template" | "unknown_language";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound7"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminMessageTemplatesPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminMessageTemplatesPreviewRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminMessageTemplatesPreviewResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "booking_not_found" | "template_not_found";
                            };
                        };
                    };
                };
            };
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminOutbox: {
        parameters: {
            query?: {
                /** @description 1..200, default 50 */
                limit?: string;
                /** @description default 0 */
                offset?: string;
                status?: "pending" | "sent" | "failed" | "test";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminOutboxResponse"];
                };
            };
            400: components["responses"]["BadRequest5"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getAdminOutbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAdminOutboxResponse"];
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "message_not_found";
                            };
                        };
                    };
                };
            };
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminPaymentIssues: {
        parameters: {
            query?: {
                /** @description 1..200, default 50 */
                limit?: string;
                /** @description default 0 */
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminPaymentIssuesResponse"];
                };
            };
            400: components["responses"]["BadRequest5"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminRegistrationsCsv: {
        parameters: {
            query: {
                /** @description YYYY-MM-DD */
                from: string;
                /** @description YYYY-MM-DD */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per registered guest; a stay without a check-in has one row with the guest empty */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest10"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminRegistrationsAlloggiati: {
        parameters: {
            query: {
                /** @description integer id */
                accommodation_id?: string;
                /** @description YYYY-MM-DD */
                date: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file to upload on the portal (empty when nobody arrives) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_date" | "not_in_italy";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "alloggiati_tables_missing" | "registrations_blocking";
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminReportsOccupancy: {
        parameters: {
            query: {
                /** @description integer id */
                accommodation_id?: string;
                /** @description YYYY-MM-DD */
                from: string;
                /** @description adds `periods`: the range by month or by year */
                group?: "month" | "year";
                /** @description YYYY-MM-DD */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminReportsOccupancyResponse"];
                };
            };
            400: components["responses"]["BadRequest10"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminReportsOccupancyCsv: {
        parameters: {
            query: {
                /** @description integer id */
                accommodation_id?: string;
                /** @description YYYY-MM-DD */
                from: string;
                /** @description adds `periods`: the range by month or by year */
                group?: "month" | "year";
                /** @description YYYY-MM-DD */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report, one row per accommodation and currency total (per period with `group`) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest10"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminSettingsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    setAdminSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetAdminSettingsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetAdminSettingsResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminTasks: {
        parameters: {
            query?: {
                /** @description integer id */
                assignee_id?: string;
                /** @description YYYY-MM-DD */
                from?: string;
                /** @description YYYY-MM-DD */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminTasksResponse"];
                };
            };
            400: components["responses"]["BadRequest10"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    updateAdminTasks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAdminTasksRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateAdminTasksResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "task_not_found";
                            };
                        };
                    };
                };
            };
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "assignee_not_allowed" | "task_cancelled";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    deleteAdminTestData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAdminTestDataResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminUsersResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminUsersRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminUsersResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "homes_for_cleaners";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "login_taken";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    updateAdminUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAdminUsersRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateAdminUsersResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "homes_for_cleaners";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "accommodation_not_found" | "user_not_found";
                            };
                        };
                    };
                };
            };
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "last_owner";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description only this key's endpoints */
                api_key_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminWebhookEndpointsResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_url" | "private_address";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound12"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminWebhookEndpointsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminWebhookEndpointsResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_url" | "private_address";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound6"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getAdminWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAdminWebhookEndpointsResponse"];
                };
            };
            400: components["responses"]["BadRequest11"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound12"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    deleteAdminWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAdminWebhookEndpointsResponse"];
                };
            };
            400: components["responses"]["BadRequest12"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound12"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listAdminWebhookEndpointsDeliveries: {
        parameters: {
            query?: {
                /** @description 1..200, default 50 */
                limit?: string;
                /** @description default 0 */
                offset?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAdminWebhookEndpointsDeliveriesResponse"];
                };
            };
            400: components["responses"]["BadRequest11"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound12"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminWebhookEndpointsDeliveriesRedeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminWebhookEndpointsDeliveriesRedeliverResponse"];
                };
            };
            400: components["responses"]["BadRequest12"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound12"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminWebhookEndpointsPause: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminWebhookEndpointsPauseResponse"];
                };
            };
            400: components["responses"]["BadRequest12"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound12"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminWebhookEndpointsResume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminWebhookEndpointsResumeResponse"];
                };
            };
            400: components["responses"]["BadRequest12"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound12"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminWebhookEndpointsRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminWebhookEndpointsRotateSecretResponse"];
                };
            };
            400: components["responses"]["BadRequest12"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound12"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createAdminWebhookEndpointsTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAdminWebhookEndpointsTestResponse"];
                };
            };
            400: components["responses"]["BadRequest12"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound12"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    checkAvailability: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "accommodation_id": 1,
                 *       "checkin": "2030-03-02",
                 *       "checkout": "2030-03-05",
                 *       "guest_count": 2
                 *     }
                 */
                "application/json": components["schemas"]["CheckAvailabilityRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckAvailabilityResponse"];
                };
            };
            400: components["responses"]["BadRequest2"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createBooking: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "accommodation_id": 1,
                 *       "partner_data": {
                 *         "first_name": "Ada",
                 *         "last_name": "Lovelace",
                 *         "email": "ada@example.com",
                 *         "phone": "+44 20 7946 0000"
                 *       },
                 *       "booking_data": {
                 *         "checkin_date": "2030-03-02",
                 *         "checkout_date": "2030-03-05",
                 *         "adults_count": 2,
                 *         "children_count": 0,
                 *         "babies_count": 0,
                 *         "payment_method": "bank_transfer",
                 *         "expected_amount": 385,
                 *         "idempotency_key": "example-2030-03-02"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateBookingRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateBookingResponse"];
                };
            };
            400: components["responses"]["BadRequest2"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "dates_unavailable" | "price_mismatch" | "idempotency_key_reused" | "accommodation_archived";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            /** @description Too many requests: wait Retry-After seconds (except draft_limit: free a draft) */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "rate_limited" | "draft_limit";
                            };
                        };
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer booking id (any number of digits; an unknown one is a 404) */
                booking_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetBookingResponse"];
                };
            };
            400: components["responses"]["BadRequest3"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    cancelDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer booking id (any number of digits; an unknown one is a 404) */
                booking_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelDraftResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "booking_cancelled" | "booking_not_confirmed" | "booking_not_draft";
                            };
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "accommodation_id": 1,
                 *       "month": 3,
                 *       "year": 2030
                 *     }
                 */
                "application/json": components["schemas"]["GetCalendarRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetCalendarResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is still current; no body. */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    debugCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Ignored. Clients send {} or no body at all. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DebugCalendarRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DebugCalendarResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getCalendarHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Ignored. Clients send {} or no body at all. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GetCalendarHealthRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetCalendarHealthResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    testCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Ignored. Clients send {} or no body at all. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TestCalendarRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestCalendarResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description an event id (next_cursor of the previous page); absent: oldest */
                after?: string;
                /** @description events per page, 1–500 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEventsResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "out_of_range" | "invalid_cursor";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    testConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestConnectionResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    testPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description integer booking id (any number of digits; an unknown one is a 404) */
                booking_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestPaymentRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestPaymentResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "bad_url" | "param_too_long" | "nul_character" | "legacy_jsonrpc_body" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Forbidden */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "test_key_required";
                            };
                        };
                    };
                };
            };
            404: components["responses"]["NotFound2"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    listV1WebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListV1WebhookEndpointsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    createV1WebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateV1WebhookEndpointsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateV1WebhookEndpointsResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "legacy_jsonrpc_body" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_url" | "private_address";
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout2"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    deleteV1WebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteV1WebhookEndpointsResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound3"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    sendTestEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendTestEventResponse"];
                };
            };
            400: components["responses"]["BadRequest4"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound3"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetHealthResponse"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics in the Prometheus text format */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "missing_metrics_token" | "invalid_metrics_token";
                            };
                        };
                    };
                };
            };
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetReadinessResponse"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            /** @description Unavailable for a moment: retry after Retry-After seconds */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "unavailable";
                        store: string;
                    } & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "store_unavailable" | "shutting_down";
                            };
                        };
                    };
                };
            };
        };
    };
    paymentWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A card processor event in Stripe’s format, sent with a Stripe-Signature header over the raw bytes. `payment_intent.succeeded` confirms the draft named by `metadata.booking_reference` (else `metadata.booking_id`, else the `payment_intent_id` given at creation) when amount and currency match its total; `payment_intent.payment_failed` is recorded for the host; other types are acknowledged. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example",
                 *       "object": "event",
                 *       "type": "payment_intent.succeeded",
                 *       "data": {
                 *         "object": {
                 *           "id": "pi_example",
                 *           "object": "payment_intent",
                 *           "amount": 38500,
                 *           "amount_received": 38500,
                 *           "currency": "eur",
                 *           "metadata": {
                 *             "booking_reference": "SD-EXAMPLE"
                 *           }
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["PaymentWebhookRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentWebhookResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_payment_intent" | "payment_webhook_not_configured" | "stale_signature" | "missing_signature" | "invalid_signature";
                            };
                        };
                    };
                };
            };
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getCalendarExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calendar */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Unchanged since the ETag sent in If-None-Match (compared weakly) or the If-Modified-Since date */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest3"];
            404: components["responses"]["NotFound13"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest3"];
            /** @description Not found */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "invoice_not_found";
                            };
                        };
                    };
                };
            };
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    getTasks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calendar */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            400: components["responses"]["BadRequest3"];
            404: components["responses"]["NotFound13"];
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    syncCalendarWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Unknown top-level fields are ignored. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "accommodation_id": 1,
                 *       "action": "sync",
                 *       "timestamp": "2030-01-01T00:00:00.000Z"
                 *     }
                 */
                "application/json": components["schemas"]["SyncCalendarWebhookRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncCalendarWebhookResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_timestamp";
                            };
                        };
                    };
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "missing_signature" | "invalid_signature" | "missing_timestamp" | "stale_timestamp";
                            };
                        };
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"] & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "secret_scope";
                            };
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout2"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestWebhookResponse"];
                };
            };
            408: components["responses"]["RequestTimeout2"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
    updateBookingWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Unknown top-level fields are ignored. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "booking_updated",
                 *       "booking_id": 1,
                 *       "new_data": {
                 *         "guest_count": 3
                 *       },
                 *       "timestamp": "2030-01-01T00:00:00.000Z"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateBookingWebhookRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateBookingWebhookResponse"];
                };
            };
            /** @description Bad request: details.reason says what to change */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking_id?: number;
                        error: {
                            code: number;
                            details: {
                                reason?: components["schemas"]["ErrorReason"];
                            } & {
                                [key: string]: unknown;
                            };
                            message: string;
                            name: string;
                        };
                        message?: string;
                        metadata: components["schemas"]["Metadata"];
                        new_status?: ("draft" | "confirmed" | "modified" | "cancelled") | null;
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {boolean} */
                        updated?: false;
                    } & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "malformed_json" | "forbidden_json_key" | "unsupported_media_type" | "nul_character" | "invalid" | "missing" | "unknown_parameter" | "invalid_type" | "invalid_enum" | "invalid_const" | "invalid_anyOf" | "invalid_format" | "invalid_pattern" | "invalid_minLength" | "invalid_maxLength" | "invalid_minimum" | "invalid_maximum" | "invalid_exclusiveMinimum" | "invalid_exclusiveMaximum" | "invalid_minItems" | "invalid_maxItems" | "invalid_date" | "invalid_range" | "past_date" | "min_stay" | "max_stay" | "max_guests" | "extra_not_offered" | "amount_too_large" | "invalid_timestamp";
                            };
                        };
                    };
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking_id?: number;
                        error: {
                            code: number;
                            details: {
                                reason?: components["schemas"]["ErrorReason"];
                            } & {
                                [key: string]: unknown;
                            };
                            message: string;
                            name: string;
                        };
                        message?: string;
                        metadata: components["schemas"]["Metadata"];
                        new_status?: ("draft" | "confirmed" | "modified" | "cancelled") | null;
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {boolean} */
                        updated?: false;
                    } & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "missing_signature" | "invalid_signature" | "missing_timestamp" | "stale_timestamp";
                            };
                        };
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking_id?: number;
                        error: {
                            code: number;
                            details: {
                                reason?: components["schemas"]["ErrorReason"];
                            } & {
                                [key: string]: unknown;
                            };
                            message: string;
                            name: string;
                        };
                        message?: string;
                        metadata: components["schemas"]["Metadata"];
                        new_status?: ("draft" | "confirmed" | "modified" | "cancelled") | null;
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {boolean} */
                        updated?: false;
                    } & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "booking_not_found";
                            };
                        };
                    };
                };
            };
            408: components["responses"]["RequestTimeout2"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking_id?: number;
                        error: {
                            code: number;
                            details: {
                                reason?: components["schemas"]["ErrorReason"];
                            } & {
                                [key: string]: unknown;
                            };
                            message: string;
                            name: string;
                        };
                        message?: string;
                        metadata: components["schemas"]["Metadata"];
                        new_status?: ("draft" | "confirmed" | "modified" | "cancelled") | null;
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {boolean} */
                        updated?: false;
                    } & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "dates_unavailable" | "booking_cancelled" | "booking_not_confirmed";
                            };
                        };
                    };
                };
            };
            /** @description Payload too large */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking_id?: number;
                        error: {
                            code: number;
                            details: {
                                reason?: components["schemas"]["ErrorReason"];
                            } & {
                                [key: string]: unknown;
                            };
                            message: string;
                            name: string;
                        };
                        message?: string;
                        metadata: components["schemas"]["Metadata"];
                        new_status?: ("draft" | "confirmed" | "modified" | "cancelled") | null;
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {boolean} */
                        updated?: false;
                    } & {
                        error?: {
                            details?: {
                                /** @enum {unknown} */
                                reason: "body_too_large";
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge2"];
            500: components["responses"]["InternalError2"];
            503: components["responses"]["Unavailable2"];
        };
    };
}
