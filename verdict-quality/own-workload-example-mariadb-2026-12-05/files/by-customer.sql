SELECT SUM(amount) FROM items WHERE customer = 17;
