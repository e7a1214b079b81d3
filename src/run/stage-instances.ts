/** The engine instances of a run, one per variant: started after the builds, replaced when one dies, restarted where the profile asks, stopped at the end. */
import path from "node:path";
import type { BuildResult } from "../build/build.js";
import type { BenchmarkStep } from "../driver/types.js";
import { startInstance } from "../engine/instance.js";
import type { Variant } from "../results/schema.js";
import { EXCERPT_LINES, type VariantInstance, type RunContext } from "./run-context.js";

const DATABASE = "bench";

/**
 * Stage 2: one instance per variant, and its replacement when it died. Servers that die (killed,
 * crashed) are replaced by fresh ones, so that the other steps still run.
 */
export class Instances {
  private readonly current = new Map<string, VariantInstance>();
  private restarts = 0;
  plannedRestarts = 0;
  /** per variant: its current server process's number (docs of samples[].process), or its measurements so far (embedded) */
  private readonly processNumbers = new Map<string, number>();

  constructor(private readonly ctx: RunContext) {}

  async startAll(variants: readonly Variant[], builds: readonly BuildResult[]): Promise<void> {
    for (const [i, variant] of variants.entries()) this.current.set(variant.id, await this.start(variant, builds[i]!, this.logFile(variant, 0)));
  }

  get(variant: Variant): VariantInstance {
    return this.current.get(variant.id)!;
  }

  /** The variant's instance, a new one in place of a server that died. */
  async live(variant: Variant): Promise<VariantInstance> {
    const current = this.get(variant);
    if (current.instance.isAlive()) return current;
    const { ctx } = this;
    const excerpt = await current.instance.logTail(EXCERPT_LINES);
    await current.instance.stop();
    ctx.notes.push(`${variant.id}: the server had died and was replaced by a new one (its log: ${current.logFile})`);
    ctx.log.info(`${variant.id}: server is gone; starting a new one. Last log lines:\n${excerpt}`);
    const replacement = await this.start(variant, current.build, this.logFile(variant, ++this.restarts));
    this.current.set(variant.id, replacement);
    this.nextProcess(variant);
    return replacement;
  }

  /** A planned restart (schedule.restart_every); a server it leaves dead is replaced by live() before the next sample. */
  async restart(step: BenchmarkStep, variant: Variant): Promise<void> {
    const { instance } = this.get(variant);
    try {
      await instance.restart();
      this.plannedRestarts++;
      this.nextProcess(variant);
      this.ctx.log.info(`${step.id}: restarted ${variant.id} (${instance.describe()})`);
    } catch (e) {
      this.ctx.registry.signal.throwIfAborted();
      this.ctx.log.info(`${step.id}: restarting ${variant.id} failed: ${(e as Error).message}`);
    }
  }

  /**
   * The process a sample about to be measured on the variant runs in (samples[].process): a server's
   * until it restarts or is replaced; an embedded engine starts a process for every measured run.
   */
  processForSample(variant: Variant): number {
    const current = this.processNumbers.get(variant.id) ?? 0;
    if (this.ctx.plan.engine.kind === "embedded") this.nextProcess(variant);
    return current;
  }

  private nextProcess(variant: Variant): void {
    this.processNumbers.set(variant.id, (this.processNumbers.get(variant.id) ?? 0) + 1);
  }

  async stopAll(): Promise<void> {
    for (const vi of this.current.values()) await vi.instance.stop();
  }

  private logFile(variant: Variant, attempt: number): string {
    const stamp = this.ctx.startedAt.toISOString().replace(/[:.]/g, "-");
    return path.join(this.ctx.plan.cacheDir, "logs", `${this.ctx.plan.engine.kind}-${stamp}-${variant.id}${attempt ? `-restart${attempt}` : ""}.log`);
  }

  private async start(variant: Variant, build: BuildResult, logFile: string): Promise<VariantInstance> {
    const { plan, placement } = this.ctx;
    const side = this.ctx.sides.get(variant.id)!;
    const instance = await startInstance(plan.engine, {
      binDir: build.binDir,
      settings: plan.engineSettings,
      database: DATABASE,
      logFile,
      registry: this.ctx.registry,
      workDir: this.ctx.workDir,
      user: side.user,
      timeoutMs: plan.timeouts.start_s * 1000,
      ...(placement?.kind === "server" && { serverCpus: placement.server }),
    });
    this.ctx.log.info(`${variant.id}: ${plan.engine.name} ${plan.engine.kind === "server" ? "started" : "prepared"} (${instance.describe()}); log: ${logFile}`);
    return { variant, build, side, instance, loaded: new Set(), logFile };
  }
}
