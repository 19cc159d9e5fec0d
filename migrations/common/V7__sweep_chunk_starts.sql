-- How often each sweep chunk was started. A chunk that keeps being started without finishing (its instance died,
-- e.g. out of memory, and Quartz recovered it) is given up after the configured attempts: its remaining points are
-- stored FAILED with the reason instead of taking the next instance down too.
create table sweep_chunk_start (
    sweep_id     bigint  not null references sweep (id),
    chunk_index  integer not null,
    starts       integer not null,
    primary key (sweep_id, chunk_index)
);
