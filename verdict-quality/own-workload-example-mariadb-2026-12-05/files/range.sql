-- ten items by id
SELECT id, amount
  FROM items WHERE id BETWEEN 100 AND 109;
