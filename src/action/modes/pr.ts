/**
 * pr mode: build base and head, measure interleaved, compare (and against the stored baseline), upload
 * the results, comment, summary, outputs, gate. How the PR is judged comes from its base commit.
 */
import { compareAgainstBaseline, compareRun } from "../../compare/compare.js";
import { changedJudgingFiles, judgingCommit } from "../../config/judging-files.js";
import { makePlan, type Plan } from "../../config/plan.js";
import { InputError } from "../../errors.js";
import { fingerprintMismatches } from "../../measure/fingerprint.js";
import { findStoredBaseline, type StoredBaseline } from "../../publish/baseline.js";
import { escapeMarkdown, inlineCode } from "../../report/escape.js";
import { judgingFilesNote } from "../../report/judging-note.js";
import { COMMENT_LIMIT, renderMarkdown } from "../../report/markdown.js";
import type { Results } from "../../results/schema.js";
import { refusePersistedCredentials } from "../checkout-credentials.js";
import { configAt, planFlags, type ModeContext } from "../context.js";
import { carriesTrustedLabel, decideForkPolicy } from "../fork-policy.js";
import { artifactNameOf, measureInAction } from "../measure.js";
import { publishReport } from "../publish.js";
import { checkTrustedLabel } from "../trusted-label.js";

/** The branch's stored baseline of this profile and architecture, usable only when measured on the same machine. */
type BaselineLookup = { kind: "none"; artifact: string } | { kind: "other-machine"; stored: StoredBaseline; differences: string[] } | { kind: "usable"; stored: StoredBaseline };

async function lookUpBaseline(ctx: ModeContext, results: Results, branch: string): Promise<BaselineLookup | null> {
  if (!ctx.github) return null;
  const artifact = artifactNameOf(ctx, results);
  const stored = await findStoredBaseline(ctx.github.client, { repo: ctx.github.repo, branch, artifactName: artifact, tmpRoot: ctx.jobRoot }).catch((e: Error) => {
    ctx.core.warning(`stored baseline: ${e.message}`);
    return null;
  });
  if (!stored) return { kind: "none", artifact };
  const differences = fingerprintMismatches(stored.results.fingerprint, results.fingerprint);
  if (differences.length === 0) return { kind: "usable", stored };
  ctx.core.warning(`the stored baseline was measured on a different machine: ${differences.join("; ")}`);
  return { kind: "other-machine", stored, differences };
}

/** The stored baseline comparison for the comment: informational, never the gate. */
function againstBaseline(lookup: BaselineLookup | null, results: Results, plan: Plan, branch: string): string {
  switch (lookup?.kind) {
    case undefined:
      return "";
    case "none":
      return `\n---\nNo stored baseline of ${inlineCode(results.profile.name)} on ${escapeMarkdown(results.fingerprint.arch)} for ${inlineCode(branch)} yet (artifact ${inlineCode(lookup.artifact)}): nothing to compare across runs. Push to ${inlineCode(branch)} with \`mode: baseline\` to store one.\n`;
    case "other-machine":
      return `\n---\n⚠️ The stored baseline of ${inlineCode(branch)} ([run ${lookup.stored.runId}](${lookup.stored.url})) was measured on a different machine (${escapeMarkdown(lookup.differences.join("; "))}): no cross-run comparison.\n`;
    case "usable": {
      const comparison = compareAgainstBaseline(results, lookup.stored.results, { ...plan.compare, baseVariant: undefined, label: `vs ${branch} (stored)` });
      return `\n---\n${renderMarkdown([comparison], { maxLength: Math.floor(COMMENT_LIMIT / 3), title: `Against the stored baseline of ${branch} (informational: unpaired, does not gate)` })}`;
    }
  }
}

export async function prMode(ctx: ModeContext): Promise<void> {
  const { core } = ctx;
  const event = ctx.event.kind === "pull_request" ? ctx.event : null;
  if (event) {
    const policy = { allowForkPrs: ctx.inputs.allowForkPrs, trustedLabel: ctx.inputs.trustedLabel };
    const label = carriesTrustedLabel(event, policy) && ctx.github ? await checkTrustedLabel(ctx.github.client, ctx.github.repo, event, policy.trustedLabel!) : null;
    const decision = decideForkPolicy(event, policy, label);
    if (decision.allowed && decision.why === "trusted-label") core.info(`the trusted label "${policy.trustedLabel}" was set after the last push: building ${event.head.sha}`);
    if (!decision.allowed) {
      core.setOutput("verdict", "neutral");
      core.setFailed(decision.message);
      return;
    }
  }
  const base = ctx.inputs.baseRef ?? event?.base.sha;
  const head = ctx.inputs.headRef ?? event?.head.sha;
  if (!base || !head) throw new InputError("pr mode outside a pull_request event needs base-ref and head-ref", undefined, "input base-ref");
  await refusePersistedCredentials(ctx.inputs.repoPath);
  // how the PR is judged comes from its base, never from its own tree
  const judged = judgingCommit(ctx.inputs.repoPath, base);
  const plan = await makePlan(planFlags(ctx, judged, "pr", { base, head, variants: [] }), await configAt(ctx, judged), ctx.inputs.thresholds);
  const results = await measureInAction(ctx, plan, judged);
  const judgingNote = judgingFilesNote(await changedJudgingFiles(ctx.inputs.repoPath, base, head, judged.read), base);
  const lookup = event ? await lookUpBaseline(ctx, results, event.base.ref) : null;
  // The runner's A/A noise: from the input, else as stored with the branch's baseline on this machine.
  const noiseFloor = results.noise_floor ?? (lookup?.kind === "usable" ? lookup.stored.results.noise_floor : undefined);
  const comparison = compareRun(results, { ...plan.compare, ...(noiseFloor && { noiseFloor }) });
  const paired = renderMarkdown([comparison], { maxLength: Math.floor((COMMENT_LIMIT * 2) / 3), failOn: ctx.inputs.failOn });
  const baseline = event ? againstBaseline(lookup, results, plan, event.base.ref) : "";
  await publishReport(ctx, paired + judgingNote + baseline, [comparison], event?.number ?? null, results.profile.name);
}
