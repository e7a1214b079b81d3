-- orders by customer: the sum of a customer's orders, read through the secondary index
sysbench.cmdline.options = {
  orders = { "rows of the orders table", 10000 },
  mysql_storage_engine = { "the tables' engine", "innodb" },   -- oltp_common.lua's name for it
}
function prepare()
  local con = sysbench.sql.driver():connect()
  con:query("CREATE TABLE orders (id INT PRIMARY KEY, customer INT NOT NULL, amount INT NOT NULL, KEY (customer)) ENGINE = " .. sysbench.opt.mysql_storage_engine)
  for i = 1, sysbench.opt.orders do
    con:query(string.format("INSERT INTO orders VALUES (%d, %d, %d)", i, sysbench.rand.uniform(1, 200), sysbench.rand.uniform(1, 1000)))
  end
end
function cleanup() sysbench.sql.driver():connect():query("DROP TABLE IF EXISTS orders") end
function thread_init() con = sysbench.sql.driver():connect() end
function event()
  con:query("SELECT SUM(amount) FROM orders WHERE customer = " .. sysbench.rand.uniform(1, 200))
end
