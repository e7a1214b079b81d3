/**
 * Everything a run starts that outlives a function call (servers, source trees, temp dirs) is registered
 * here and removed on success, failure, timeout, SIGINT and SIGTERM.
 */
import { PipelineError } from "./errors.js";

export type CleanupAction = () => Promise<void>;

/** One registered action; `run()` performs it now (once) and forgets it. */
export interface CleanupHandle {
  run(): Promise<void>;
}

export class CleanupRegistry {
  /** `parent`: the registry of the run this one is a part of (withTimeLimit), if any. */
  constructor(readonly parent: CleanupRegistry | null = null) {}

  private readonly actions = new Map<number, { label: string; run: CleanupAction }>();
  private nextId = 0;
  private readonly controller = new AbortController();
  private draining: Promise<unknown> = Promise.resolve();

  /**
   * Aborted when the run is cancelled (signal or timeout): pass it as execa's `cancelSignal` so that
   * long subprocesses (make, pgbench) stop instead of outliving the cleanup.
   */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * Registers `action` (which must tolerate a half-created resource). On a cancelled registry the
   * action runs at once and the caller gets the cancellation error: nothing may start after cleanup.
   */
  async register(label: string, action: CleanupAction): Promise<CleanupHandle> {
    let done: Promise<void> | undefined;
    const id = this.nextId++;
    const runOnce = (): Promise<void> => {
      this.actions.delete(id);
      done ??= action();
      return done;
    };
    if (this.signal.aborted) {
      await runOnce().catch(() => undefined);
      throw this.cancellationError();
    }
    this.actions.set(id, { label, run: runOnce });
    return { run: runOnce };
  }

  /** Aborts `signal` (subprocesses given it stop); later registrations are refused. */
  cancel(reason: Error): void {
    if (!this.signal.aborted) this.controller.abort(reason);
  }

  /**
   * Cancels subprocesses still running, then runs every action, newest first; never throws. A call
   * while another is running (the run settling during a signal's cleanup) waits for it, so that an
   * older action (a temp dir) never runs before a newer one (the server living in it) is done.
   */
  async runAll(reason: Error): Promise<string[]> {
    this.cancel(reason);
    const drained = this.draining.then(() => this.drain());
    this.draining = drained;
    return drained;
  }

  private async drain(): Promise<string[]> {
    const failures: string[] = [];
    for (const [, { label, run }] of [...this.actions].reverse()) {
      try {
        await run();
      } catch (err) {
        failures.push(`${label}: ${(err as Error).message}`);
      }
    }
    return failures;
  }

  private cancellationError(): Error {
    const reason: unknown = this.signal.reason;
    return reason instanceof Error ? reason : new PipelineError("the run was cancelled");
  }
}

export interface WithCleanupOptions {
  /** Whole-run cap: on expiry everything registered is removed and the run fails. */
  timeoutMs?: number;
  /** Where cleanup failures are reported (they never hide the run's own outcome). */
  warn?: (message: string) => void;
}

/**
 * Runs `work` with a fresh registry and removes everything it registered when it settles, times out,
 * or the process gets SIGINT/SIGTERM; after a signal the process dies by that same signal.
 */
export async function withCleanup<T>(
  work: (registry: CleanupRegistry) => Promise<T>,
  options: WithCleanupOptions = {},
): Promise<T> {
  const registry = new CleanupRegistry();
  const warn = options.warn ?? ((message: string) => console.error(message));
  const finish = (reason: Error): Promise<void> => cleanUp(registry, reason, warn);

  const onSignal = (signal: NodeJS.Signals): void => {
    removeHandlers();
    // Some listener must stay until the cleanup is done: execa's signal-exit, finding itself the only
    // one while a subprocess runs, re-raises the signal and the process dies before cleaning up.
    const hold = (): void => undefined;
    process.on("SIGINT", hold);
    process.on("SIGTERM", hold);
    void finish(new PipelineError(`interrupted by ${signal}`)).finally(() => {
      process.off("SIGINT", hold);
      process.off("SIGTERM", hold);
      process.kill(process.pid, signal);
    });
  };
  const removeHandlers = (): void => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    return await raceTimeout(work(registry), registry, options.timeoutMs, (s) => `timed out after ${s} s`);
  } finally {
    removeHandlers();
    await finish(new PipelineError("the run finished"));
  }
}

/** Runs every action of `registry`; each failure is a warning. */
async function cleanUp(registry: CleanupRegistry, reason: Error, warn: (message: string) => void): Promise<void> {
  for (const failure of await registry.runAll(reason)) warn(`cleanup: ${failure}`);
}

/** `work`, or after `timeoutMs` (none: never) the error `message(seconds)`, with `registry` cancelled. */
async function raceTimeout<T>(work: Promise<T>, registry: CleanupRegistry, timeoutMs: number | undefined, message: (seconds: number) => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    if (timeoutMs === undefined) return;
    timer = setTimeout(() => {
      const error = new PipelineError(message(Math.round(timeoutMs / 1000)));
      // Rejected before cancelling: whatever the work does once cancelled, it has timed out.
      reject(error);
      registry.cancel(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `work` with a registry of its own, inside `parent`'s run: what it registers is removed when it
 * settles or after `timeoutMs` (then it fails with `message(seconds)`), and, the parent being
 * cancelled, stopped and removed before the parent's older resources. The parent run goes on after it.
 */
export async function withTimeLimit<T>(
  parent: CleanupRegistry,
  timeoutMs: number,
  message: (seconds: number) => string,
  work: (registry: CleanupRegistry) => Promise<T>,
  warn: (message: string) => void,
): Promise<T> {
  const registry = new CleanupRegistry(parent);
  const handle = await parent.register("a time-limited part of the run", () => cleanUp(registry, new PipelineError("its part of the run finished"), warn));
  const onParentCancel = (): void => registry.cancel(new PipelineError("the run was cancelled"));
  parent.signal.addEventListener("abort", onParentCancel, { once: true });
  try {
    return await raceTimeout(work(registry), registry, timeoutMs, message);
  } finally {
    parent.signal.removeEventListener("abort", onParentCancel);
    await handle.run();
  }
}
