-- the documents the lookups and updates read
CREATE TABLE docs (id integer PRIMARY KEY, doc jsonb NOT NULL);
INSERT INTO docs SELECT i, jsonb_build_object('name', md5(i::text), 'n', i) FROM generate_series(1, 10000) AS i;
