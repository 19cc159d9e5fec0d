-- A point's place in its sweep is unique: exports page through a sweep by it (keyset pagination), so a duplicate
-- would be skipped at a page boundary. The unique index replaces the plain one of V3.
drop index sweep_point_order;
create unique index sweep_point_order on sweep_point (sweep_id, point_index);
