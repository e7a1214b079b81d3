/** Written into every results file's run.tool; keep in step with package.json (a unit test checks). */
export const VERSION = "0.1.0";
