import { parentPort } from 'node:worker_threads';
import { FeedParseError } from './feed-parse-error.ts';
import { decodeFeed } from './feed-text.ts';
import { readFeed } from './parse-feed.ts';
import type { ParseAnswer, ParseRequest } from './parse-pool.ts';

/**
 * The thread that reads calendars (parse-pool.ts starts it): the body's text from its bytes, then
 * its stays. Runs ical.js away from the event loop that answers requests. Every failure is
 * answered with our own message, never the library's, which quotes the feed.
 */
parentPort?.on('message', (request: ParseRequest) => {
  let answer: ParseAnswer;
  try {
    answer = { id: request.id, ok: true, feed: readFeed(decodeFeed(request.bytes, request.charset), request.options) };
  } catch (error) {
    answer = {
      id: request.id,
      ok: false,
      error: error instanceof FeedParseError ? error.message : 'unreadable iCalendar',
    };
  }
  parentPort?.postMessage(answer);
});
