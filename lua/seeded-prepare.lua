-- A fork's own sysbench script's `prepare`, seeded from --rand-seed: src/driver/sysbench-custom.ts
-- loads it after the script (a stub in the run directory dofiles both) for the step's data load.
--
-- Why: sysbench 1.0 seeds its generator from --rand-seed only for `run` (as lua/sbtest-load.lua says):
-- a `prepare` that draws its rows with sysbench.rand.* would load other rows on every server, and base
-- and head would be counted on different data. Here the thread that runs `prepare` gets its generator
-- seeded first, as `run`'s threads are.

local ffi = require("ffi")
-- each declaration on its own: the script may have declared some of them already (ffi refuses a redefinition)
for _, declaration in ipairs({ "void srandom(unsigned int seed);", "void sb_rand_thread_init(void);", "extern int sb_rand_seed;" }) do
  pcall(ffi.cdef, declaration)
end

local function seeded(prepare)
  return function(...)
    local seed = ffi.C.sb_rand_seed
    if seed == 0 then error("seeded-prepare.lua: the load needs --rand-seed (0 would seed from the clock)") end
    -- libc's random() is one state for the whole process: the load runs in one thread
    if sysbench.opt.threads ~= 1 then error("seeded-prepare.lua: loads in one thread (--threads=1)") end
    ffi.C.srandom(seed)
    ffi.C.sb_rand_thread_init()
    return prepare(...)
  end
end

-- `prepare` as sysbench finds it: a command of sysbench.cmdline.commands (oltp_common.lua's way), else a global function
local command = sysbench.cmdline.commands and sysbench.cmdline.commands.prepare
if command then
  command[1] = seeded(command[1])
elseif prepare then
  prepare = seeded(prepare)
end
