/** The programs a sysbench step runs, for tests that run its commands outside the pipeline. */
import path from "node:path";
import { builtinDir } from "../../src/config/profile.js";

/** sysbench from PATH and the shipped Lua from this checkout, where the pipeline would use the run directory's copies */
export const sysbenchBins = {
  sysbench: "sysbench",
  "lua/sbtest-load.lua": path.join(builtinDir("lua"), "sbtest-load.lua"),
  "lua/sbtest-micro.lua": path.join(builtinDir("lua"), "sbtest-micro.lua"),
};
