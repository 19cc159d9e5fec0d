-- One row that every price write locks (select ... for update) before checking for overlaps, so two instances adding
-- prices for the same key at once cannot both pass the check. Price writes are rare admin actions.
create table price_write_lock (
    id integer not null primary key
);
insert into price_write_lock (id) values (1);
