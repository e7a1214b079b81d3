-- The insert benchmark (the field's ibench), shortened for a PR gate, as a sysbench 1.0 Lua script.
-- The driver (src/driver/ibench.ts) runs one step per invocation and parses the "ibench ..." lines
-- this script prints when its threads finish. What each step does: docs in src/driver/ibench.ts.
--
-- The SQL dialect is the only engine-specific part: DIALECTS below, one per sysbench --db-driver (pgsql
-- for PostgreSQL; mysql for MariaDB, its tables in the storage engine --mysql-storage-engine names).

local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } ibench_timespec;
int clock_gettime(int clk_id, ibench_timespec *tp);
int usleep(unsigned int usec);
long write(int fd, const char *buf, unsigned long count);
void srandom(unsigned int seed);
void sb_rand_thread_init(void);
extern int sb_rand_seed;
]]
local CLOCK_MONOTONIC = 1
local ts = ffi.new("ibench_timespec")
local function now()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, ts)
  return tonumber(ts.tv_sec) + tonumber(ts.tv_nsec) / 1e9
end

sysbench.cmdline.options = {
  dialect = { "the SQL dialect: pgsql or mysql (the --db-driver it goes with)", "pgsql" },
  step = { "l.i0, l.x, l.i1, l.i2, qr or qp", "qr" },
  table_rows = { "rows of the table the steps after l.i0 use (prepare loads them)", 100000 },
  rows_per_commit = { "rows per commit of the step's inserts (and deletes)", 100 },
  writer_rate = { "qr/qp: rows/s the background writer inserts and deletes (0: no writer)", 0 },
  writer_rows_per_commit = { "qr/qp: rows per commit of the background writer", 10 },
  if_missing = { "prepare: leave a table that is already there as it is", false },
  drop_load_table = { "l.i0: drop its table when the run ends (counted runs: the next starts without it)", false },
  -- the stock OLTP scripts' name and default (oltp_common.lua), so the driver passes one option to both
  mysql_storage_engine = { "mysql: the tables' storage engine", "innodb" },
}

local TABLE = "ibench"
local LOAD_TABLE = "ibench_load"
-- the field's three secondary indexes
local INDEXES = {
  { name = "ibench_pdc", columns = "productid, customerid, price", lead = "productid", lead_max = 9999 },
  { name = "ibench_cdc", columns = "cashregisterid, customerid, price", lead = "cashregisterid", lead_max = 999 },
  { name = "ibench_pdt", columns = "price, dateandtime, customerid", lead = "price", lead_max = 500 },
}

local DIALECTS = {
  pgsql = {
    create = function(name)
      return "CREATE TABLE " .. name .. " (transactionid bigserial PRIMARY KEY, dateandtime timestamp NOT NULL, " ..
        "cashregisterid int NOT NULL, customerid int NOT NULL, productid int NOT NULL, price real NOT NULL, data varchar(20) NOT NULL)"
    end,
    drop = function(name) return "DROP TABLE IF EXISTS " .. name end,
    drop_index = function(index) return "DROP INDEX IF EXISTS " .. index.name end,
    table_exists = function(name) return "SELECT count(*) FROM pg_tables WHERE tablename = '" .. name .. "'" end,
    -- the planner picks the index of the ORDER BY by itself
    range_source = function(index) return TABLE end,
    begin = "BEGIN",
    commit = "COMMIT",
  },
  -- the field's MySQL client (iibench.py): AUTO_INCREMENT key, float price, FORCE INDEX on the range query
  mysql = {
    create = function(name)
      return "CREATE TABLE " .. name .. " (transactionid bigint NOT NULL AUTO_INCREMENT, dateandtime datetime NOT NULL, " ..
        "cashregisterid int NOT NULL, customerid int NOT NULL, productid int NOT NULL, price float NOT NULL, data varchar(20) NOT NULL, " ..
        "PRIMARY KEY (transactionid)) ENGINE=" .. sysbench.opt.mysql_storage_engine
    end,
    drop = function(name) return "DROP TABLE IF EXISTS " .. name end,
    drop_index = function(index) return "DROP INDEX IF EXISTS " .. index.name .. " ON " .. TABLE end,
    table_exists = function(name)
      return "SELECT count(*) FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = '" .. name .. "'"
    end,
    range_source = function(index) return TABLE .. " FORCE INDEX (" .. index.name .. ")" end,
    begin = "BEGIN",
    commit = "COMMIT",
  },
}
-- set by init functions (sysbench.opt is read after the script has declared its options)
local dialect, action
local function init_options()
  dialect = DIALECTS[sysbench.opt.dialect]
  if dialect == nil then error("ibench.lua: no SQL dialect " .. tostring(sysbench.opt.dialect)) end
end

-- 10 to 20 characters: sysbench.rand.string replaces each '@' with a random letter
local DATA_PATTERNS = {}
for len = 10, 20 do DATA_PATTERNS[#DATA_PATTERNS + 1] = string.rep("@", len) end

-- one row's VALUES tuple, from sysbench's seeded generator (--rand-seed)
local function row_values()
  return string.format("(now(), %d, %d, %d, %.2f, '%s')",
    sysbench.rand.uniform(0, 999), sysbench.rand.uniform(0, 99999), sysbench.rand.uniform(0, 9999),
    sysbench.rand.uniform_double() * 500, sysbench.rand.string(DATA_PATTERNS[sysbench.rand.uniform(1, #DATA_PATTERNS)]))
end

local function insert_sql(name, rows)
  local values = {}
  for i = 1, rows do values[i] = row_values() end
  return "INSERT INTO " .. name .. " (dateandtime, cashregisterid, customerid, productid, price, data) VALUES " .. table.concat(values, ",")
end

local function create_indexes(con)
  for _, index in ipairs(INDEXES) do con:query("CREATE INDEX " .. index.name .. " ON " .. TABLE .. " (" .. index.columns .. ")") end
end

local function scalar(con, sql)
  local rs = con:query(sql)
  local value = tonumber(rs:fetch_row()[1])
  if value == nil then error("ibench.lua: no value from " .. sql) end
  return value
end

-- prepare: the table the steps after l.i0 use, table_rows rows in PK order, then its three indexes
local function cmd_prepare()
  init_options()
  -- sysbench 1.0 seeds libc's random() with --rand-seed only for `run`, and its generator's state for
  -- `prepare` comes from libc's as the process found it: seeded here, the same seed loads the same rows
  -- on every server (as lua/sbtest-load.lua does for the OLTP tables)
  if ffi.C.sb_rand_seed == 0 then error("ibench.lua: prepare needs --rand-seed (0 would seed from the clock)") end
  ffi.C.srandom(ffi.C.sb_rand_seed)
  ffi.C.sb_rand_thread_init()
  local con = sysbench.sql.driver():connect()
  if sysbench.opt.if_missing and scalar(con, dialect.table_exists(TABLE)) > 0 then return con:disconnect() end
  con:query(dialect.drop(TABLE))
  con:query(dialect.create(TABLE))
  local left = sysbench.opt.table_rows
  while left > 0 do
    local rows = math.min(left, 1000)
    con:query(insert_sql(TABLE, rows))
    left = left - rows
  end
  create_indexes(con)
  con:disconnect()
end

sysbench.cmdline.commands = { prepare = { cmd_prepare } }

-- per thread
local con, role, started, ops, latencies, oldest, id_low, id_high, written

local function insert_and_delete_oldest(rows)
  con:query(dialect.begin)
  con:query(insert_sql(TABLE, rows))
  -- delete-oldest rule: as many rows as inserted, lowest transactionid first, so the table's size stays
  con:query(string.format("DELETE FROM %s WHERE transactionid >= %d AND transactionid < %d", TABLE, oldest, oldest + rows))
  con:query(dialect.commit)
  oldest = oldest + rows
end

local function range_query()
  local index = INDEXES[sysbench.rand.uniform(1, #INDEXES)]
  con:query(string.format("SELECT %s FROM %s WHERE %s >= %d ORDER BY %s LIMIT 10", index.columns, dialect.range_source(index), index.lead,
    sysbench.rand.uniform(0, index.lead_max), index.columns))
end

local function point_query()
  local ids = {}
  for i = 1, 10 do ids[i] = sysbench.rand.uniform(id_low, id_high) end
  con:query(string.format("SELECT * FROM %s WHERE transactionid IN (%s)", TABLE, table.concat(ids, ",")))
end

local ACTIONS = {
  ["l.i0"] = function() con:query(insert_sql(LOAD_TABLE, sysbench.opt.rows_per_commit)) end,
  ["l.x"] = function() create_indexes(con) end,
  ["l.i1"] = function() insert_and_delete_oldest(sysbench.opt.rows_per_commit) end,
  ["l.i2"] = function() insert_and_delete_oldest(sysbench.opt.rows_per_commit) end,
  qr = range_query,
  qp = point_query,
}
function thread_init()
  init_options()
  action = ACTIONS[sysbench.opt.step]
  if action == nil then error("ibench.lua: unknown --step=" .. tostring(sysbench.opt.step)) end
  con = sysbench.sql.driver():connect()
  -- qr/qp: thread 0 is the query client, thread 1 the background writer
  role = (sysbench.tid == 1 and sysbench.opt.writer_rate > 0) and "writer" or "client"
  local step = sysbench.opt.step
  if step == "l.i0" then
    con:query(dialect.drop(LOAD_TABLE))
    con:query(dialect.create(LOAD_TABLE))
  elseif step == "l.x" then
    for _, index in ipairs(INDEXES) do con:query(dialect.drop_index(index)) end
  else
    oldest = scalar(con, "SELECT min(transactionid) FROM " .. TABLE)
    id_low, id_high = oldest, scalar(con, "SELECT max(transactionid) FROM " .. TABLE)
  end
  ops, latencies, written = 0, {}, 0
end

local function writer_event()
  local rows = sysbench.opt.writer_rows_per_commit
  insert_and_delete_oldest(rows)
  written = written + rows
  -- paced: the next commit is due when written / rate seconds have passed; behind schedule, no sleep
  local due = started + written / sysbench.opt.writer_rate
  local wait = due - now()
  if wait > 0 then ffi.C.usleep(math.floor(wait * 1e6)) end
end

function event()
  if started == nil then started = now() end
  if role == "writer" then return writer_event() end
  local t0 = now()
  action()
  latencies[#latencies + 1] = now() - t0
  ops = ops + 1
end

-- one write(2) per line: the query client and the writer finish at the same moment, and print's
-- buffered pieces of the two threads' lines interleave
local function say(line)
  line = line .. "\n"
  ffi.C.write(1, line, #line)
end

local function percentile(sorted, p)
  return sorted[math.max(1, math.ceil(#sorted * p))]
end

function thread_done()
  local seconds = started and (now() - started) or 0
  local step = sysbench.opt.step
  if role == "writer" then
    say(string.format("ibench writer: rows=%d seconds=%.3f target_per_s=%d", written, seconds, sysbench.opt.writer_rate))
  elseif ops > 0 then
    local total = 0
    for _, latency in ipairs(latencies) do total = total + latency end
    table.sort(latencies)
    -- operations the field counts: rows inserted (l.i*), rows indexed (l.x), queries (qr, qp)
    local counted = ops
    if step == "l.i0" or step == "l.i1" or step == "l.i2" then counted = ops * sysbench.opt.rows_per_commit end
    if step == "l.x" then counted = ops * scalar(con, "SELECT count(*) FROM " .. TABLE) end
    say(string.format("ibench client: step=%s ops=%d seconds=%.3f avg_ms=%.3f p50_ms=%.3f p90_ms=%.3f max_ms=%.3f", step, counted, seconds,
      total / #latencies * 1000, percentile(latencies, 0.5) * 1000, percentile(latencies, 0.9) * 1000, latencies[#latencies] * 1000))
  end
  -- l.i0's table stays until the next round's thread_init drops it: the database size after the round includes it
  if step == "l.i0" and sysbench.opt.drop_load_table then con:query(dialect.drop(LOAD_TABLE)) end
  con:disconnect()
end
