/** The run's first stage: every variant built, a pull request's base from trusted inputs only. */
import path from "node:path";
import { existsSync } from "node:fs";
import type { BuildResult } from "../build/build.js";
import { advance, NO_PROGRESS, progressLine } from "../build/progress.js";
import type { CleanupRegistry } from "../common/cleanup.js";
import type { RunPlan } from "../config/plan.js";
import { PipelineError } from "../common/errors.js";
import type { Log } from "../common/log.js";
import { type PipelinePorts, programsFrom, endProcesses } from "./run-context.js";

/** Stage 1: every variant built (or its cached build reused), with the programs the engine and the steps need. */
export async function buildVariants(plan: RunPlan, ports: PipelinePorts, registry: CleanupRegistry, log: Log): Promise<BuildResult[]> {
  const builds: BuildResult[] = [];
  for (const spec of plan.variants) {
    // a pull request's base is built from trusted inputs only, with nothing of the PR's users running
    // (the run began by ending them: only a build before this one can have left any)
    const trustedInputsOnly = plan.trust === "pr" && spec.id === plan.baseVariant;
    if (trustedInputsOnly && builds.length > 0) await endProcesses(ports, log, `were running before the build of the base ${spec.id}`);
    const build = await log.group(`build ${spec.id} (${spec.ref})`, async () => {
      const started = performance.now();
      let lastShown = started;
      let progress = NO_PROGRESS;
      const build = await ports.build({
        repo: plan.repo,
        commitish: spec.ref,
        recipe: spec.recipe,
        cacheDir: plan.cacheDir,
        trust: plan.trust,
        ...(plan.prNamespace !== undefined && { prNamespace: plan.prNamespace }),
        ...(trustedInputsOnly && { trustedInputsOnly }),
        timeouts: plan.timeouts,
        registry,
        ...(plan.workDir && { workDir: plan.workDir }),
        // what a person waits on: the phase, files compiled so far, elapsed time; not the compiler's command lines
        onLine: (line, phase) => {
          const next = advance(progress, line, phase);
          const newPhase = next.phase !== progress.phase;
          progress = next;
          if (newPhase || performance.now() - lastShown > 15_000) {
            lastShown = performance.now();
            log.info(progressLine(progress, (lastShown - started) / 1000));
          }
        },
      });
      log.info(
        build.reused
          ? `reused the cached build ${build.buildId} of ${build.commit.slice(0, 12)}`
          : `built ${build.commit.slice(0, 12)} in ${build.timings.total.toFixed(0)} s${build.ccache ? ` (ccache ${build.ccache.hits} hits, ${build.ccache.misses} misses)` : ""}; log: ${build.logFile}`,
      );
      if (build.leftRunning) log.info(`ended ${build.leftRunning.length} processes of the pull request users that the build of ${spec.ref} left running: ${build.leftRunning.join(", ")}`);
      return build;
    });
    builds.push(build);
  }
  // checked once every variant is built: a build that fails or times out is the first thing to report
  const needed = [...plan.engine.programs, ...plan.profile.steps.flatMap((step) => programsFrom(step, "build"))];
  for (const [i, build] of builds.entries()) {
    const spec = plan.variants[i]!;
    const missing = [...new Set(needed)].filter((program) => !existsSync(path.join(build.binDir, program)));
    if (missing.length > 0) {
      throw new PipelineError(`the build of ${spec.id} (${spec.ref}) has no ${missing.join(", ")} in ${build.binDir}: the ${spec.recipe.name} recipe must install what the ${plan.engine.name} engine and the profile's drivers run`);
    }
  }
  return builds;
}
