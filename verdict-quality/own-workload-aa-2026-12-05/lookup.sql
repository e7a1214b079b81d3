\set id random(1, :ndocs)
SELECT doc -> 'name' FROM docs WHERE id = :id;
