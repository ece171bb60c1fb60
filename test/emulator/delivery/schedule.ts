/** Delay before attempt n+1 after attempt n fails (real schedule, 10 attempts in about 44.8 h). */
export const RETRY_DELAYS_SECONDS = [10, 60, 5 * 60, 10 * 60, 30 * 60, 2 * 3600, 6 * 3600, 12 * 3600, 24 * 3600];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** Free plan: deactivate when this many messages fail both of their first two attempts. */
export const FREE_FAILED_FIRST_TWO_LIMIT = 6;
/** Free plan: deactivate when more than this many messages ever enter the retry queue. */
export const FREE_RETRY_QUEUE_LIMIT = 5;
