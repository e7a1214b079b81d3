import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { Comparison } from "../../src/compare/types.js";
import { reproduceCommand } from "../../src/report/reproduce.js";
import { parseVariantFlag } from "../../src/config/plan.js";
import { flagsComparison, unpairedComparison, x86Comparison } from "../fixtures/comparisons.js";

/** The words a POSIX shell makes of `command` after its program name and subcommand: what `db-bench-gate run` would receive. */
function shellWords(command: string): string[] {
  const out = execFileSync("sh", ["-c", `set -- ${command.replace(/^db-bench-gate run /, "")}; printf '%s\\0' "$@"`], { encoding: "utf8" });
  return out.split("\0").slice(0, -1);
}

describe("reproduceCommand", () => {
  it("gives a variant's own compiler and LDFLAGS as --variant settings that parse back to the same build", () => {
    const flags = flagsComparison();
    const variants = flags.context.variants.map((v) => (v.id === "native" ? { ...v, flags: { ...v.flags, cc: "clang", cxx: "clang++", cxxflags: v.flags.cflags } } : v));
    const words = shellWords(reproduceCommand({ ...flags, context: { ...flags.context, variants } })!);
    const settings = words.filter((_, i) => words[i - 1] === "--variant").map((w) => parseVariantFlag(w));
    expect(settings.find((v) => v.id === "native")!.settings).toEqual({ cc: "clang", cxx: "clang++", cflags: "-O2 -g -march=native -mtune=native", cxxflags: "-O2 -g -march=native -mtune=native" });
    expect(settings.find((v) => v.id === "native-lto")!.settings).toMatchObject({ cflags: "-O2 -g -march=native -mtune=native -flto=auto", ldflags: "-flto=auto" });
    expect(settings.find((v) => v.id === "O2")!.settings).toEqual({ cflags: "-O2 -g", cxxflags: "-O2 -g" });
  });

  it("gives base and head by commit, the profile and the shared build flags", () => {
    const command = reproduceCommand(x86Comparison())!;
    expect(command).toBe(
      "db-bench-gate run --repo . --base 3f1c2d9a8b7e6f5041322a1b0c9d8e7f6a5b4c3d --head 9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a291807 --profile pg-quick --cflags '-O2 -g'",
    );
    expect(shellWords(command)).toEqual(["--repo", ".", "--base", "3f1c2d9a8b7e6f5041322a1b0c9d8e7f6a5b4c3d", "--head", "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a291807", "--profile", "pg-quick", "--cflags", "-O2 -g"]);
  });

  it("names each variant with its own flags, the base first, when the sides differ in flags or names", () => {
    const words = shellWords(reproduceCommand(flagsComparison())!);
    expect(words.filter((_, i) => words[i - 1] === "--variant").map((v) => v.split(":")[0])).toEqual([
      "O2=3f1c2d9a8b7e6f5041322a1b0c9d8e7f6a5b4c3d",
      "native=3f1c2d9a8b7e6f5041322a1b0c9d8e7f6a5b4c3d",
      "native-lto=3f1c2d9a8b7e6f5041322a1b0c9d8e7f6a5b4c3d",
    ]);
  });

  it("measures the stored baseline's commit as the base of an unpaired comparison", () => {
    const comparison = unpairedComparison();
    expect(shellWords(reproduceCommand(comparison)!)).toContain(comparison.context.baseline!.variant.commit);
  });

  it("quotes what a results file says, so a pasted command runs nothing else", () => {
    const hostile: Comparison = x86Comparison();
    const evil = "x'; touch /tmp/pwned-$(id -u); echo '`id`";
    hostile.context = {
      ...hostile.context,
      profile: { ...hostile.context.profile, name: evil },
      variants: hostile.context.variants.map((v) => ({ ...v, commit: `${v.commit} $(reboot)`, flags: { ...v.flags, cflags: evil } })),
    };
    const words = shellWords(reproduceCommand(hostile)!);
    expect(words.slice(-4)).toEqual(["--profile", evil, "--cflags", evil]);
    expect(words[3]).toBe(`${hostile.context.variants[0]!.commit}`);
  });
});
