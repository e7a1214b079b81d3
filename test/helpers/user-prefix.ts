/**
 * A test file's own unprivileged users. Removals and a run's start end every process of the prefix's
 * pull request users, so a file that starts processes of its own (racers, survivors) must not share its
 * users with a build or a test beside it. The prefix the command was given (DBG_USER_PREFIX: one per
 * engineer on a shared machine) stays in front, so two runs of one file on one machine do not end each
 * other's processes; without it, "dbg".
 */
export function useOwnUsers(suffix: string): void {
  // kept across the files a worker runs one after the other, which share process.env
  process.env.DBG_TEST_USER_PREFIX ??= process.env.DBG_USER_PREFIX ?? "dbg";
  process.env.DBG_USER_PREFIX = `${process.env.DBG_TEST_USER_PREFIX}${suffix}`;
}
