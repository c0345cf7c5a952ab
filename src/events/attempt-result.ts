/** How long a kept answer body may be. */
export const KEPT_RESPONSE_CHARS = 1000;

/** What one attempt to deliver an event met: the answer's status and body start, or the error. */
export interface AttemptResult {
  status: number | null;
  response: string | null;
  error: string | null;
}
