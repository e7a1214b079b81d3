-- The stock OLTP scripts' tables (oltp_common.lua: sbtest1..N, same columns, indexes, row values and
-- distributions), loaded from a seed: the same (tables, table_size, --rand-seed) gives the same rows on
-- every server and every run. src/driver/sysbench.ts runs it for `cleanup` and `prepare`.
--
-- Why: sysbench 1.0 seeds libc's random() with --rand-seed only for `run` (print_run_mode); `prepare`
-- draws its rows from a generator seeded off libc's state as the process found it, so two loads of the
-- same table differ (k, c, pad). Here each table's generator is seeded from --rand-seed before
-- oltp_common's own create_table fills it.

require("oltp_common")

local ffi = require("ffi")
ffi.cdef [[
void srandom(unsigned int seed);
void sb_rand_thread_init(void);
extern int sb_rand_seed;
]]

local stock_create_table = create_table

-- Table i's rows come from sysbench's generator seeded with the i-th four numbers of libc's random()
-- after srandom(--rand-seed): the same for a table whatever other tables the load creates.
function create_table(drv, con, table_num)
  local seed = ffi.C.sb_rand_seed
  if seed == 0 then error("sbtest-load.lua: the load needs --rand-seed (0 would seed from the clock)") end
  -- libc's random() is one state for the whole process: threads loading tables at once would share it
  if sysbench.opt.threads ~= 1 then error("sbtest-load.lua: loads in one thread (--threads=1)") end
  ffi.C.srandom(seed)
  for _ = 1, table_num do ffi.C.sb_rand_thread_init() end
  stock_create_table(drv, con, table_num)
end
