\set id random(1, :ndocs)
UPDATE docs SET doc = jsonb_set(doc, '{n}', to_jsonb(:id::integer)) WHERE id = :id;
