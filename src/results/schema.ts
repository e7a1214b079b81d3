/**
 * Results format v1: one JSON document per benchmark run.
 *
 * This zod schema is the single definition of the format: TypeScript types are inferred from it and
 * schema/results.v1.json is generated from it (npm run schema). Keys are snake_case so that harnesses
 * in other languages can write results the gate compares ("bring your own numbers").
 */
import { z } from "zod";
import { ThresholdOverrideSchema, ThresholdsInputSchema } from "../config/thresholds.js";
import { MAX_SHARDS } from "../schedule/shard.js";
import { SimulatedCachesSchema } from "../measure/simulated-caches.js";

export const RESULTS_SCHEMA_ID = "db-bench-gate/results";
export const RESULTS_VERSION = 1;

/**
 * Caps on what one document may hold: results come from other runs and forks, and compare's time and
 * memory grow with these counts (steps x variants cells; n log n in the rounds of a step). A run far
 * beyond what any profile measures is refused, naming the field, before anything is computed from it.
 */
export const MAX_SAMPLES = 200_000;
/** round (and instruction repeat) numbers stay below this, so no step has more rounds per variant */
export const MAX_ROUNDS_PER_STEP = 100_000;
export const MAX_INSTRUCTION_SAMPLES = 200_000;
export const MAX_STEPS = 2_000;
export const MAX_VARIANTS = 32;

const tooMany = (what: string, cap: number) => `more than ${cap.toLocaleString("en-US")} ${what}: not a results file this tool writes`;

const nonEmpty = z.string().min(1);
const finiteNonNegative = z.number().finite().nonnegative();

export const CompilerSchema = z
  .object({
    name: nonEmpty.describe("compiler driver, e.g. gcc or clang"),
    version: nonEmpty.describe("full version string, e.g. 12.2.0"),
  })
  .strict();

export const FingerprintSchema = z
  .object({
    arch: nonEmpty.describe("machine architecture as uname -m reports it (x86_64, aarch64)"),
    cpu_model: nonEmpty,
    cores: z.number().int().positive().describe("online logical CPUs"),
    smt: z.boolean().nullable().describe("simultaneous multithreading on; null when unknown"),
    memory_mib: z.number().int().positive(),
    kernel: nonEmpty.describe("uname -r"),
    os: nonEmpty.describe("PRETTY_NAME from /etc/os-release"),
    compiler: CompilerSchema.nullable(),
    runner: z
      .object({
        name: z.string().nullable(),
        labels: z.array(z.string()),
      })
      .strict(),
    hostname_hash: z.string().regex(/^[0-9a-f]{16}$/, "16 hex digits of sha256(hostname)"),
  })
  .strict()
  .describe("The machine the run measured on; a stored baseline is compared only when these match.");

export const BuildFlagsSchema = z
  .object({
    cc: nonEmpty.optional().describe("the C compiler the variant named (CC); absent: the runner's"),
    cxx: nonEmpty.optional().describe("the C++ compiler the variant named (CXX); absent: the runner's"),
    cflags: z.string(),
    cxxflags: z.string(),
    ldflags: z.string(),
    configure_args: z.array(z.string()),
  })
  .strict();

export const VariantSchema = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "letters, digits, '.', '_' and '-'")
      .describe("short name shown as a column header, e.g. base, head, O2, native"),
    commit: z.string().regex(/^[0-9a-f]{7,64}$/, "a hex commit sha"),
    ref: z.string().nullable().describe("what the user asked for (branch, tag, sha)"),
    flags: BuildFlagsSchema,
    compiler: CompilerSchema.optional().describe("the C compiler that built it; absent in results written before variants had their own"),
    build_id: nonEmpty.describe("cache key of the installed build: commit, flags and compiler"),
  })
  .strict();

export const StepSchema = z
  .object({
    id: nonEmpty.describe(
      "stable name the way the field names it: point-query.range100.pk1, pgbench.select-only.prepared.c4, l.i1",
    ),
    driver: nonEmpty.describe("pgbench, sysbench, db_bench, ibench, or another harness's name"),
    parameters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    sweep: z
      .object({
        group: nonEmpty.describe("the swept step's name without the client count, e.g. pgbench.select-only.prepared"),
        clients: z.number().int().positive(),
      })
      .strict()
      .optional()
      .describe("one client count of a profile step swept over several (sweep.clients): reports show the group's relative QPS per count"),
    definition_hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "64 hex digits of sha256")
      .optional()
      .describe(
        "a step of the fork's own workload (a pgbench step's scripts and init SQL, a db_bench step's benchmarks list): sha256 of the files' text and the step's options. A stored baseline whose step has another is not compared with it: the workload changed",
      ),
    instructions_aa_spread: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe("the step's instruction-count spread in A/A runs, as its profile records it (instructions.aa_spread_by_step): it widens the step's instruction lines"),
    instructions_judged_alone: nonEmpty
      .optional()
      .describe(
        "why the step's CPU verdict is of instructions per operation alone, its estimated cycles shown beside but not judged, as its profile records it (instructions.judged_on_instructions): their simulated misses vary between identical runs",
      ),
    qps_process_spread: z
      .object({
        sd: z.number().min(0).max(1).describe("standard deviation of the log QPS ratio's offset between one pair of server processes (head's over base's) and another"),
        df: z.number().int().positive().describe("its degrees of freedom: the A/A blocks it was estimated from"),
      })
      .strict()
      .optional()
      .describe("the step's QPS spread between server processes in A/A runs, as its profile records it (schedule.process_spread): the QPS drop test adds it to the rounds' own noise"),
  })
  .strict();

export const LatencySchema = z
  .object({
    avg: finiteNonNegative.nullable(),
    p95: finiteNonNegative.nullable(),
    p99: finiteNonNegative.nullable(),
    p50: finiteNonNegative.nullable().optional(),
    p90: finiteNonNegative.nullable().optional(),
    p99_9: finiteNonNegative.nullable().optional(),
    max: finiteNonNegative.nullable().optional(),
  })
  .strict()
  .describe("milliseconds; null where the driver does not report it (p50, p90, p99_9, max: absent too)");

export const BackgroundWriterSchema = z
  .object({
    target_rows_per_s: z.number().finite().positive(),
    rows_per_s: finiteNonNegative.describe("rows/s the writer inserted (and deleted) during the measured interval"),
    kept_rate: z.boolean().describe("it wrote at least the driver's share of its target (ibench: 95%); false makes the step's QPS unjudged"),
  })
  .strict()
  .refine((w) => !w.kept_rate || w.rows_per_s > 0, { message: "a writer that wrote nothing did not keep its rate", path: ["kept_rate"] })
  .describe("a query step's background writer (the insert benchmark's qr/qp steps)");

export const MetricsSchema = z
  .object({
    cpu_us_per_op: finiteNonNegative.describe("host CPU microseconds (user+system, all cores) per operation"),
    cs_per_op: finiteNonNegative.describe("host context switches per operation"),
    r_per_op: finiteNonNegative.describe("storage read requests per operation"),
    rkb_per_op: finiteNonNegative.describe("KB read from storage per operation"),
    wkb_per_op: finiteNonNegative.describe("KB written to storage per operation"),
  })
  .strict();

export const METRIC_KEYS = ["cpu_us_per_op", "cs_per_op", "r_per_op", "rkb_per_op", "wkb_per_op"] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** The one name of each metric wherever it is shown (comment, job summary, TSV, CLI, hints); cpu/op is in µs. */
export const METRIC_NAMES: Record<MetricKey, string> = {
  cpu_us_per_op: "cpu/op",
  cs_per_op: "cs/op",
  r_per_op: "r/op",
  rkb_per_op: "rKB/op",
  wkb_per_op: "wKB/op",
};

export const LsmMetricsSchema = z
  .object({
    compaction_read_bytes_per_op: finiteNonNegative.describe("bytes compactions read (rocksdb.compact.read.bytes) per operation"),
    compaction_write_bytes_per_op: finiteNonNegative.describe("bytes compactions wrote (rocksdb.compact.write.bytes) per operation"),
    flush_write_bytes_per_op: finiteNonNegative.describe("bytes memtable flushes wrote (rocksdb.flush.write.bytes) per operation"),
    write_amplification: finiteNonNegative
      .nullable()
      .describe("(flush + compaction bytes written) / bytes the application wrote (rocksdb.bytes.written); null when it wrote nothing"),
  })
  .strict()
  .describe(
    "an LSM engine's own write counters over the run (RocksDB's db_bench --statistics), per measured operation (a *whilewriting step: per read, its writer's bytes included); absent where the step does not report them",
  );

export const LSM_METRIC_KEYS = ["compaction_read_bytes_per_op", "compaction_write_bytes_per_op", "flush_write_bytes_per_op", "write_amplification"] as const;
export type LsmMetricKey = (typeof LSM_METRIC_KEYS)[number];

/** The one name of each LSM metric wherever it is shown. */
export const LSM_METRIC_NAMES: Record<LsmMetricKey, string> = {
  compaction_read_bytes_per_op: "compact rB/op",
  compaction_write_bytes_per_op: "compact wB/op",
  flush_write_bytes_per_op: "flush wB/op",
  write_amplification: "w-amp",
};

const sampleCommon = {
  step: nonEmpty.describe("a steps[].id"),
  variant: nonEmpty.describe("a variants[].id"),
  round: z
    .number()
    .int()
    .nonnegative()
    .max(MAX_ROUNDS_PER_STEP - 1, tooMany("rounds per step", MAX_ROUNDS_PER_STEP))
    .describe("interleaving round, from 0"),
  position: z.number().int().nonnegative().describe("order of this variant within its round, from 0"),
  started_at: z.iso.datetime({ offset: true }),
  duration_s: finiteNonNegative,
};

export const OkSampleSchema = z
  .object({
    ...sampleCommon,
    status: z.literal("ok"),
    ops: z.number().finite().positive(),
    ops_per_s: z.number().finite().positive(),
    process: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(
        "which process of this variant measured the sample: samples of one step and variant with the same number came from one server process (a restart or a replacement starts the next number); an embedded engine runs each round in a process of its own. Absent in results from before 2026-12-04",
      ),
    latency_ms: LatencySchema.nullable(),
    metrics: MetricsSchema.nullable().describe("null when the host counters were not available"),
    client_cpu_share: z
      .number()
      .finite()
      .min(0)
      .nullable()
      .describe("client CPU seconds / (interval seconds x cores): a high share means the client may be the bottleneck"),
    background_writer: BackgroundWriterSchema.optional(),
    stall_percent: z
      .number()
      .finite()
      .min(0)
      .max(100)
      .optional()
      .describe("percent of the run's time writes were stalled (RocksDB's db_bench: \"Cumulative stall\" of a step that writes); absent where the step does not report it"),
    lsm_metrics: LsmMetricsSchema.optional(),
    database_bytes: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe("the benchmark database's size on disk after the round (PostgreSQL: pg_database_size); absent where the engine does not tell it"),
    server_rss_bytes: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(
        "peak memory of the server's processes during the round: the sum of their Pss from /proc/<pid>/smaps_rollup (memory shared between them counted once), polled every half second; absent where the engine does not list its processes",
      ),
  })
  .strict();

export const ErrorSampleSchema = z
  .object({
    ...sampleCommon,
    status: z.literal("error"),
    error: z
      .object({
        message: nonEmpty,
        log_excerpt: z.string().describe("the last lines of the driver output and server log"),
      })
      .strict(),
  })
  .strict();

export const SampleSchema = z.discriminatedUnion("status", [OkSampleSchema, ErrorSampleSchema]);

/**
 * The second channel: instructions per operation, counted (not timed) on the processes that serve the
 * client, from runs of a fixed number of operations. Runs of N and 2N operations are differenced, so
 * connection and setup cost cancel out; each repeat is one such difference.
 */
const instructionRepeat = z
  .number()
  .int()
  .nonnegative()
  .max(MAX_ROUNDS_PER_STEP - 1, tooMany("repeats per step", MAX_ROUNDS_PER_STEP))
  .describe("repeat of the differenced pair of runs, from 0");

const instructionCommon = {
  step: nonEmpty.describe("a steps[].id"),
  variant: nonEmpty.describe("a variants[].id"),
};

export const OkInstructionSampleSchema = z
  .object({
    ...instructionCommon,
    repeat: instructionRepeat,
    status: z.literal("ok"),
    tool: z.enum(["cachegrind", "callgrind", "perf"]).describe("cachegrind, callgrind: valgrind's count (callgrind: collected only inside the serving functions); perf: hardware counters"),
    ops: z.number().finite().positive().describe("operations of the longer run minus those of the shorter one"),
    instructions: z.number().finite().positive().describe("instructions of the longer run minus those of the shorter one"),
    instructions_per_op: z.number().finite().positive(),
    l1_misses_per_op: z.number().finite().optional().describe("first-level cache misses per operation (I1mr + D1mr + D1mw), by the same difference; with the cache simulation only"),
    ll_misses_per_op: z.number().finite().optional().describe("last-level cache misses per operation (ILmr + DLmr + DLmw); with the cache simulation only"),
    estimated_cycles_per_op: z
      .number()
      .finite()
      .positive()
      .optional()
      .describe("instructions + 10 x first-level + 100 x last-level misses per operation (KCachegrind's cycle estimation); with the cache simulation only"),
    caches: SimulatedCachesSchema.optional().describe(
      "the caches the simulation modelled, as valgrind's out files describe them; with the cache simulation only (counts with other caches are not compared; a count from before this was recorded had the default)",
    ),
    counted: nonEmpty.describe("whose work was counted, e.g. \"serving backends\" (background processes excluded)"),
  })
  .strict();

export const ErrorInstructionSampleSchema = z
  .object({
    ...instructionCommon,
    repeat: instructionRepeat,
    status: z.literal("error"),
    error: z.object({ message: nonEmpty, log_excerpt: z.string() }).strict(),
  })
  .strict();

export const UnavailableInstructionSampleSchema = z
  .object({
    ...instructionCommon,
    status: z.literal("unavailable"),
    reason: nonEmpty.describe(
      "why this step is not counted (the profile leaves it out, or the machine cannot count: valgrind not installed): n/a, never a failure when no variant was counted; against a variant that was counted, an error",
    ),
  })
  .strict();

export const InstructionSampleSchema = z.discriminatedUnion("status", [OkInstructionSampleSchema, ErrorInstructionSampleSchema, UnavailableInstructionSampleSchema]);

export const SequentialSchema = z
  .object({
    min_rounds: z.number().int().min(2),
    max_rounds: z.number().int().min(2),
    look_every: z.number().int().positive(),
    spending: z.enum(["pocock", "obrien-fleming"]),
  })
  .strict()
  .describe("adaptive rounds: a step stopped at a planned look; compare tests each step at the nominal level of its number of pairs");

const cpuList = z.string().regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, "a CPU list such as 0 or 0-3,6");
export const CpuPlacementSchema = z
  .union([
    z.object({ server: cpuList, client: cpuList }).strict().describe("a server engine: the CPUs the server and the benchmark client were held on"),
    z.object({ process: cpuList }).strict().describe("an embedded engine: the CPUs its one process (the benchmark's, which opens the data itself) was held on"),
  ])
  .describe("where the engine and the client were held (taskset); absent when the scheduler placed them");

export const NoiseFloorSchema = z
  .object({
    step: nonEmpty.describe("a steps[].id"),
    relative_spread: finiteNonNegative.describe(
      "99th percentile of |1 - relative QPS| over disjoint A/A windows of `rounds` rounds: a change smaller than this is within the step's run-to-run noise",
    ),
    log_ratio_sd: finiteNonNegative.describe("robust standard deviation (1.4826 x MAD) of the per-round A/A log ratios"),
    rounds: z.number().int().positive().describe("rounds per window: the floor applies only to verdicts of this many pairs"),
    windows: z.number().int().positive().describe("disjoint A/A windows the quantile was taken over"),
    disjoint: z.literal(true).describe("windows did not overlap (overlapping windows are not independent trials)"),
    hostname_hash: z.string().regex(/^[0-9a-f]{16}$/, "16 hex digits of sha256(hostname)").describe("the runner it was measured on: applied only to runs of the same runner"),
    source: z.string().describe("where it was measured, e.g. the A/A sessions' run ids"),
  })
  .strict();

/** The per-step entries of a noise-floor file, or of a stored baseline's `noise_floor`. */
export const NoiseFloorListSchema = z.array(NoiseFloorSchema).max(MAX_STEPS, tooMany("noise floor entries", MAX_STEPS));

export const ShardSchema = z
  .object({
    index: z.number().int().positive().describe("this runner's shard, from 1"),
    count: z.number().int().positive().max(MAX_SHARDS).describe("the runners the profile's steps were split over"),
  })
  .strict()
  .refine((s) => s.index <= s.count, { message: "index must not exceed count", path: ["index"] })
  .describe("a share of the profile's steps measured on one of several runners of one architecture (input shard: i/n); report mode merges the shards");

export const ResultsSchema = z
  .object({
    schema: z.literal(RESULTS_SCHEMA_ID),
    version: z.literal(RESULTS_VERSION),
    run: z
      .object({
        id: nonEmpty,
        started_at: z.iso.datetime({ offset: true }),
        finished_at: z.iso.datetime({ offset: true }),
        tool: z.string().describe("the harness that wrote the file, with its version"),
        budget_exhausted: z.boolean().describe("the time budget stopped adding rounds"),
        notes: z.array(z.string()),
        sequential: SequentialSchema.optional(),
        cpu_placement: CpuPlacementSchema.optional(),
        accepted: z
          .object({ label: nonEmpty, by: nonEmpty.describe("the login that set the label (triage rights or above, after the last push)") })
          .strict()
          .optional()
          .describe("the pull request's regressions were accepted with this label: they are reported, the check passes"),
        shard: ShardSchema.optional(),
        qps_measured: z
          .literal(false)
          .optional()
          .describe("false: the run skipped the QPS rounds and only counted instructions per operation (--instructions-only); its QPS verdicts are n/a"),
      })
      .strict(),
    fingerprint: FingerprintSchema,
    engine: z.object({ name: nonEmpty.describe("the profile's engine: postgresql, mariadb, rocksdb, ..."), version: z.string() }).strict(),
    profile: z
      .object({
        name: nonEmpty,
        version: z.number().int().nonnegative(),
        hash: z.string().describe("sha256 of the profile's content"),
      })
      .strict(),
    base_variant: nonEmpty.describe("a variants[].id every other variant is compared against"),
    variants: z.array(VariantSchema).min(1).max(MAX_VARIANTS, tooMany("variants", MAX_VARIANTS)),
    steps: z.array(StepSchema).max(MAX_STEPS, tooMany("steps", MAX_STEPS)),
    samples: z.array(SampleSchema).max(MAX_SAMPLES, tooMany("samples", MAX_SAMPLES)),
    instructions: z.array(InstructionSampleSchema).max(MAX_INSTRUCTION_SAMPLES, tooMany("instruction samples", MAX_INSTRUCTION_SAMPLES)).optional().describe("instructions per operation (the deterministic channel); absent when not counted"),
    thresholds: z
      .object({
        run: ThresholdsInputSchema.describe("the run's thresholds, resolved from defaults < profile < config file < flags or inputs"),
        overrides: z.array(ThresholdOverrideSchema).max(MAX_STEPS, tooMany("threshold overrides", MAX_STEPS)).describe("per-step overrides (profile's, then config file's; later ones win)"),
      })
      .strict()
      .optional()
      .describe("what the run is judged by: every mode and command compares with these unless thresholds are given explicitly"),
    noise_floor: NoiseFloorListSchema.optional().describe("per-step A/A noise of this runner, kept with a stored baseline; raises the failing threshold of noisy steps"),
  })
  .strict()
  .superRefine((doc, ctx) => {
    const variantIds = new Set<string>();
    doc.variants.forEach((v, i) => {
      if (variantIds.has(v.id)) ctx.addIssue({ code: "custom", path: ["variants", i, "id"], message: `duplicate variant id "${v.id}"` });
      variantIds.add(v.id);
    });
    if (!variantIds.has(doc.base_variant)) {
      ctx.addIssue({ code: "custom", path: ["base_variant"], message: `"${doc.base_variant}" is not a variants[].id` });
    }
    const stepIds = new Set<string>();
    doc.steps.forEach((s, i) => {
      if (stepIds.has(s.id)) ctx.addIssue({ code: "custom", path: ["steps", i, "id"], message: `duplicate step id "${s.id}"` });
      stepIds.add(s.id);
    });
    const checkRefs = (list: "samples" | "instructions", entries: readonly { step: string; variant: string }[]) =>
      entries.forEach((s, i) => {
        if (!stepIds.has(s.step)) ctx.addIssue({ code: "custom", path: [list, i, "step"], message: `"${s.step}" is not a steps[].id` });
        if (!variantIds.has(s.variant)) ctx.addIssue({ code: "custom", path: [list, i, "variant"], message: `"${s.variant}" is not a variants[].id` });
      });
    checkRefs("samples", doc.samples);
    checkRefs("instructions", doc.instructions ?? []);
  });

export type Results = z.infer<typeof ResultsSchema>;
export type Fingerprint = z.infer<typeof FingerprintSchema>;
export type Variant = z.infer<typeof VariantSchema>;
export type Step = z.infer<typeof StepSchema>;
export type Sample = z.infer<typeof SampleSchema>;
export type OkSample = z.infer<typeof OkSampleSchema>;
export type ErrorSample = z.infer<typeof ErrorSampleSchema>;
export type Metrics = z.infer<typeof MetricsSchema>;
export type Latency = z.infer<typeof LatencySchema>;
export type LsmMetrics = z.infer<typeof LsmMetricsSchema>;
export type BackgroundWriter = z.infer<typeof BackgroundWriterSchema>;
export type BuildFlags = z.infer<typeof BuildFlagsSchema>;
export type SequentialRecord = z.infer<typeof SequentialSchema>;
export type NoiseFloor = z.infer<typeof NoiseFloorSchema>;
export type InstructionSample = z.infer<typeof InstructionSampleSchema>;
export type OkInstructionSample = z.infer<typeof OkInstructionSampleSchema>;
