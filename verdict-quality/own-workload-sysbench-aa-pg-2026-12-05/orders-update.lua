-- orders update: one order's amount raised by its primary key (a write through the heap and the
-- primary key's index; the secondary index on customer is untouched, so HOT can apply)
sysbench.cmdline.options = {
  orders = { "rows of the orders table", 2000 },
}
function prepare()
  local con = sysbench.sql.driver():connect()
  con:query("CREATE TABLE orders_w (id INT PRIMARY KEY, customer INT NOT NULL, amount INT NOT NULL)")
  con:query("CREATE INDEX ON orders_w (customer)")
  for i = 1, sysbench.opt.orders do
    con:query(string.format("INSERT INTO orders_w VALUES (%d, %d, %d)", i, sysbench.rand.uniform(1, 200), sysbench.rand.uniform(1, 1000)))
  end
end
function cleanup()
  sysbench.sql.driver():connect():query("DROP TABLE IF EXISTS orders_w")
end
function thread_init()
  con = sysbench.sql.driver():connect()
end
function event()
  con:query("UPDATE orders_w SET amount = amount + 1 WHERE id = " .. sysbench.rand.uniform(1, sysbench.opt.orders))
end
