/**
 * Failed sign-ins, counted per login and per client address over a sliding window, in this
 * process's memory (a restart forgets them; each process counts its own). An attempt is counted
 * as a failure before its password is checked (`reserve`), so guesses sent at once cannot all
 * reach the slow check before the first is counted; a success takes its reservation back. Past
 * the limit a sign-in is refused without checking the password.
 */
export interface SignInLimits {
  /** Milliseconds until another attempt is allowed (nothing is recorded), or 0: the attempt now counts as failed. */
  reserve(login: string, ip: string, now: number): number;
  /** The reserved attempt succeeded: the login's failures are forgotten and the address's reservation returned. */
  recordSuccess(login: string, ip: string, now: number): void;
}

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const FAILURES_PER_LOGIN = 5;
export const FAILURES_PER_IP = 20;
const MAX_TRACKED = 10_000;

export function createSignInLimits(): SignInLimits {
  const byLogin = new Map<string, number[]>();
  const byIp = new Map<string, number[]>();

  const recent = (map: Map<string, number[]>, key: string, now: number): number[] => {
    const kept = (map.get(key) ?? []).filter((at) => now - at < SIGN_IN_WINDOW_MS);
    if (kept.length === 0) map.delete(key);
    else map.set(key, kept);
    return kept;
  };
  const wait = (times: number[], limit: number, now: number) =>
    times.length >= limit ? SIGN_IN_WINDOW_MS - (now - (times[times.length - limit] ?? now)) : 0;
  const push = (map: Map<string, number[]>, key: string, now: number) => {
    if (map.size >= MAX_TRACKED && !map.has(key)) map.delete(map.keys().next().value ?? '');
    map.set(key, [...recent(map, key, now), now]);
  };

  return {
    reserve: (login, ip, now) => {
      const blocked = Math.max(
        wait(recent(byLogin, login.toLowerCase(), now), FAILURES_PER_LOGIN, now),
        wait(recent(byIp, ip, now), FAILURES_PER_IP, now),
      );
      if (blocked > 0) return blocked;
      push(byLogin, login.toLowerCase(), now);
      push(byIp, ip, now);
      return 0;
    },
    recordSuccess: (login, ip, now) => {
      byLogin.delete(login.toLowerCase());
      const times = byIp.get(ip);
      const at = times?.lastIndexOf(now) ?? -1;
      if (times !== undefined && at >= 0) times.splice(at, 1);
    },
  };
}
