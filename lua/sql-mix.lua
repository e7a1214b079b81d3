-- A fork's own SQL files as a sysbench workload: src/driver/sysbench-custom.ts runs it for a step
-- with `sql:` files. Each event runs one file's statements in order (one operation, as a pgbench
-- script is one transaction), the file drawn by its weight with sysbench's generator (--rand-seed);
-- `prepare` runs the init SQL, `cleanup` drops the tables it creates (--drop_tables). The statements
-- run as written: no variables.
--
-- A statement ends with ';' at the end of a line; lines that start with '--' are comments.

sysbench.cmdline.options = {
  sql_files = { "the statements' files, each path@weight, separated by commas", "" },
  init_sql = { "SQL that prepare runs: the schema and rows", "" },
  drop_tables = { "the tables cleanup drops (those the init SQL creates), separated by commas", "" },
}

-- every error names the file and the statement's first line: error(..., 0) adds no position of this script's
local function fail(file, line, message)
  error(line and string.format("%s:%d: %s", file, line, message) or string.format("%s: %s", file, message), 0)
end

local function read_statements(file)
  local f, err = io.open(file, "r")
  if not f then fail(file, nil, "cannot read it: " .. tostring(err)) end
  local statements, lines, first, number = {}, {}, nil, 0
  for line in f:lines() do
    number = number + 1
    if not line:match("^%s*%-%-") and line:match("%S") then
      first = first or number
      lines[#lines + 1] = line
      if line:match(";%s*$") then
        statements[#statements + 1] = { sql = (table.concat(lines, "\n"):gsub(";%s*$", "")), line = first }
        lines, first = {}, nil
      end
    end
  end
  f:close()
  if first then fail(file, first, "a statement without its ending ';' at the end of a line") end
  if #statements == 0 then fail(file, nil, "no statement (each ends with ';' at the end of a line)") end
  return statements
end

local function split(list)
  local items = {}
  for item in string.gmatch(list, "[^,]+") do items[#items + 1] = item end
  return items
end

-- a statement's error as its file and line say it; sysbench's "restart the event" error (a table) as it is
local function run_statements(con, file, statements)
  for _, statement in ipairs(statements) do
    local ok, err = pcall(con.query, con, statement.sql)
    if not ok then
      if type(err) ~= "string" then error(err, 0) end
      fail(file, statement.line, (err:gsub("^[^\n]-:%d+: ", "")))
    end
  end
end

-- the files and their cumulative weights, read before connecting: a file that has no statement fails
-- the check db-bench-gate runs against no server
local mix, total_weight

function thread_init()
  mix, total_weight = {}, 0
  for _, entry in ipairs(split(sysbench.opt.sql_files)) do
    local file, weight = entry:match("^(.*)@(%d+)$")
    if not file then error("sql-mix.lua: --sql_files takes path@weight entries, got " .. entry, 0) end
    total_weight = total_weight + tonumber(weight)
    mix[#mix + 1] = { file = file, statements = read_statements(file), up_to = total_weight }
  end
  if total_weight == 0 then error("sql-mix.lua: --sql_files names no file of a weight above 0", 0) end
  con = sysbench.sql.driver():connect()
end

function event()
  local draw = sysbench.rand.uniform(1, total_weight)
  for _, entry in ipairs(mix) do
    if draw <= entry.up_to then return run_statements(con, entry.file, entry.statements) end
  end
end

function prepare()
  if sysbench.opt.init_sql == "" then return end
  local statements = read_statements(sysbench.opt.init_sql)
  run_statements(sysbench.sql.driver():connect(), sysbench.opt.init_sql, statements)
end

function cleanup()
  local con = sysbench.sql.driver():connect()
  for _, name in ipairs(split(sysbench.opt.drop_tables)) do con:query("DROP TABLE IF EXISTS " .. name) end
end
