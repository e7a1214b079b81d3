-- The field's sysbench microbenchmarks that the stock scripts cannot run (Mark Callaghan's set, the
-- names of mdcallag/mytools bench/sysbench.lua/run.sh), one statement per event, no transaction
-- around it (the field runs them with --skip-trx), on the tables oltp_common.lua loads (sbtest1..N,
-- PRIMARY KEY on id, secondary index on k). --query names the microbenchmark; --range_size is the
-- number of points of an IN-list or the width of a range. src/driver/sysbench.ts runs it.
--
-- Written here for db-bench-gate (the field's Lua was read, not copied): the same SQL as the field's
-- for each name, in SQL that PostgreSQL, MariaDB/MySQL (InnoDB, MyRocks) all accept.

require("oltp_common")

sysbench.cmdline.options.query = { "Which microbenchmark: " ..
   "points-covered-pk, points-covered-si, points-notcovered-pk, points-notcovered-si, hot-points, " ..
   "range-covered-pk, range-notcovered-si, read-only-count, scan, update-inlist, update-one, update-zipf", "" }

-- oltp_common.lua's value of c: 10 groups of 11 random digits
local C_TEMPLATE = string.rep("###########-", 9) .. "###########"

local function random_key()
   return sysbench.rand.default(1, sysbench.opt.table_size)
end

-- The query of each name: `sql(t, n)` for table t with n = range_size, `keys(n)` the key values an event
-- binds (after a random c when `sets_c`). ids and k values are drawn from [1, table_size] by --rand-type.
local function random_keys(n)
   local keys = {}
   for i = 1, n do keys[i] = random_key() end
   return keys
end

-- hot-points: the same n adjacent ids from the middle of the table in every event
local function hot_keys(n)
   local keys = {}
   local first = math.floor(sysbench.opt.table_size / 2)
   for i = 1, n do keys[i] = first + i end
   return keys
end

-- the field's range-* queries: BETWEEN x AND x + n (n + 1 keys)
local function field_range(n)
   local low = random_key()
   return { low, low + n }
end

-- oltp_common.lua's ranges (simple, sum, order, distinct): BETWEEN x AND x + n - 1 (n keys)
local function stock_range(n)
   local low = random_key()
   return { low, low + n - 1 }
end

-- `binds`: how many keys an event binds for range_size n, the same in every event of the query.
-- `statement`: the SQL before the WHERE, %d the table's number.
local function in_list(statement, where, keys, sets_c)
   return {
      sql = function(t, n) return string.format(statement, t) .. string.format(" WHERE %s IN (%s)", where, string.rep("?, ", n - 1) .. "?") end,
      binds = function(n) return n end,
      keys = keys,
      sets_c = sets_c,
   }
end

local function between(statement, where, keys)
   return {
      sql = function(t) return string.format(statement, t) .. string.format(" WHERE %s BETWEEN ? AND ?", where) end,
      binds = function() return 2 end,
      keys = keys,
   }
end

local function no_keys(sql, sets_c)
   return { sql = function(t) return string.format(sql, t) end, binds = function() return 0 end, keys = function() return {} end, sets_c = sets_c }
end

-- Zipf's law over the ids, exponent 0.8 (sysbench 1.1's --rand-type=zipfian default; 1.0 has no
-- zipfian): id 1 the most updated. Drawn by Gray et al.'s method ("Quickly generating billion-record
-- synthetic databases", SIGMOD 1994), the constants computed once per thread.
local ZIPF_EXPONENT = 0.8
local zipf

local function zipf_key()
   if zipf == nil then
      local n, theta = sysbench.opt.table_size, ZIPF_EXPONENT
      local zeta_n = 0
      for i = 1, n do zeta_n = zeta_n + 1 / i ^ theta end
      local zeta_2 = 1 + 1 / 2 ^ theta
      zipf = { n = n, zeta_n = zeta_n, alpha = 1 / (1 - theta), half_pow = 0.5 ^ theta,
               eta = (1 - (2 / n) ^ (1 - theta)) / (1 - zeta_2 / zeta_n) }
   end
   local u = sysbench.rand.uniform_double()
   local uz = u * zipf.zeta_n
   if uz < 1 then return 1 end
   if uz < 1 + zipf.half_pow then return 2 end
   return math.min(zipf.n, 1 + math.floor(zipf.n * (zipf.eta * u - zipf.eta + 1) ^ zipf.alpha))
end

local QUERIES = {
   ["points-covered-pk"] = in_list("SELECT id FROM sbtest%d", "id", random_keys),
   ["points-covered-si"] = in_list("SELECT k FROM sbtest%d", "k", random_keys),
   ["points-notcovered-pk"] = in_list("SELECT id, c FROM sbtest%d", "id", random_keys),
   ["points-notcovered-si"] = in_list("SELECT k, c FROM sbtest%d", "k", random_keys),
   ["hot-points"] = in_list("SELECT c FROM sbtest%d", "id", hot_keys),
   ["range-covered-pk"] = between("SELECT id FROM sbtest%d", "id", field_range),
   ["range-notcovered-si"] = between("SELECT k, c FROM sbtest%d", "k", field_range),
   ["read-only-count"] = between("SELECT count(c) FROM sbtest%d", "id", stock_range),
   -- every row read, none returned: the scan's cost without the network's
   scan = no_keys("SELECT * FROM sbtest%d WHERE LENGTH(c) < 0"),
   ["update-inlist"] = in_list("UPDATE sbtest%d SET c = ?", "id", random_keys, true),
   -- the field's update-one is oltp_update_non_index with --table_size=1: every update on id 1
   ["update-one"] = no_keys("UPDATE sbtest%d SET c = ? WHERE id = 1", true),
   -- the field's update-zipf: oltp_update_non_index's statement, its ids drawn by Zipf's law
   ["update-zipf"] = { sql = function(t) return string.format("UPDATE sbtest%d SET c = ? WHERE id = ?", t) end, binds = function() return 1 end,
                       keys = function() return { zipf_key() } end, sets_c = true },
}

local query

function prepare_statements()
   query = QUERIES[sysbench.opt.query]
   if query == nil then error("sbtest-micro.lua: unknown --query=" .. sysbench.opt.query) end
   local n = sysbench.opt.range_size
   for t = 1, sysbench.opt.tables do
      stmt[t].micro = con:prepare(query.sql(t, n))
      local params = {}
      if query.sets_c then params[1] = stmt[t].micro:bind_create(sysbench.sql.type.CHAR, 120) end
      for _ = 1, query.binds(n) do table.insert(params, stmt[t].micro:bind_create(sysbench.sql.type.INT)) end
      if #params > 0 then stmt[t].micro:bind_param(unpack(params)) end
      param[t].micro = params
   end
end

function event()
   local t = sysbench.rand.uniform(1, sysbench.opt.tables)
   local params = param[t].micro
   local offset = 0
   if query.sets_c then
      params[1]:set_rand_str(C_TEMPLATE)
      offset = 1
   end
   for i, key in ipairs(query.keys(sysbench.opt.range_size)) do params[offset + i]:set(key) end
   stmt[t].micro:execute()
end
