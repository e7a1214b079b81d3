CREATE TABLE public.items (id INT PRIMARY KEY, customer INT NOT NULL, amount INT NOT NULL);
CREATE INDEX ON items (customer);
INSERT INTO public.items SELECT i, i % 200, i * 7 % 1000 FROM generate_series(1, 2000) AS i;
