-- schema and rows (MariaDB has no generate_series: a recursive CTE)
CREATE TABLE items (id INT PRIMARY KEY, customer INT NOT NULL, amount INT NOT NULL, KEY (customer));
-- the CTE below recurses once per row: past MariaDB's default of 1000
SET SESSION max_recursive_iterations = 100000;
INSERT INTO items
  WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
  SELECT i, i MOD 200, i * 7 MOD 1000 FROM n;
