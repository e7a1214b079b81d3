-- The statistics of every table of the benchmark database, after a custom sysbench step's load
-- (src/driver/sysbench-custom.ts runs its `analyze` command), as the built-in loads' tables get
-- theirs from the engine's settle: MySQL protocol, ANALYZE TABLE of each; PostgreSQL, VACUUM ANALYZE
-- of the database (as a custom pgbench step's load).
--
-- Why: a Lua script's tables are its own, unknown to db-bench-gate (an init SQL's may sit in a
-- schema or under a quoted name), and InnoDB computes their
-- statistics in the background on its own schedule: whether a server had them when its runs began
-- varied, and with them the plan. An A/A run of a lookup by a secondary index counted 178,600
-- instructions per query on one server and 2,587,699 (a scan) on the other (2026-12-05).

local function analyze()
  local driver = sysbench.sql.driver()
  local con = driver:connect()
  if driver:name() ~= "mysql" then
    con:query("VACUUM ANALYZE")
  else
    local names, rs = {}, con:query("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME")
    for _ = 1, rs.nrows do names[#names + 1] = "`" .. rs:fetch_row()[1]:gsub("`", "``") .. "`" end
    if #names > 0 then con:query("ANALYZE TABLE " .. table.concat(names, ", ")) end
  end
  con:disconnect()
end

sysbench.cmdline.commands = { analyze = { analyze } }
