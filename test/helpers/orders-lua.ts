/**
 * A sysbench Lua script of the stock scripts' shape, for the custom sysbench step's tests: options,
 * prepare and cleanup, a connection per thread, and per event the sum of one customer's orders read
 * through a secondary index. Its rows are drawn with sysbench.rand (the seeded prepare's business).
 */

/** MariaDB's orders table, in the engine the script's mysql_storage_engine option names (as oltp_common.lua) */
export const MARIADB_ORDERS_TABLE = 'con:query("CREATE TABLE orders (id INT PRIMARY KEY, customer INT NOT NULL, amount INT NOT NULL, KEY (customer)) ENGINE = " .. sysbench.opt.mysql_storage_engine)';

/** `createTable`: the Lua statements that make the orders table, in the engine's dialect; `extraOptions`: more lines of sysbench.cmdline.options */
export const ordersLua = (createTable = MARIADB_ORDERS_TABLE, extraOptions = "") => `-- orders by customer: the sum of a customer's orders, read through the secondary index
sysbench.cmdline.options = {
  orders = { "rows of the orders table", 2000 },
  mysql_storage_engine = { "the tables' engine (oltp_common.lua's option)", "innodb" },${extraOptions}
}
function prepare()
  local con = sysbench.sql.driver():connect()
  ${createTable}
  for i = 1, sysbench.opt.orders do
    con:query(string.format("INSERT INTO orders VALUES (%d, %d, %d)", i, sysbench.rand.uniform(1, 200), sysbench.rand.uniform(1, 1000)))
  end
end
function cleanup()
  sysbench.sql.driver():connect():query("DROP TABLE IF EXISTS orders")
end
function thread_init()
  con = sysbench.sql.driver():connect()
end
function event()
  con:query("SELECT SUM(amount) FROM orders WHERE customer = " .. sysbench.rand.uniform(1, 200))
end
`;
