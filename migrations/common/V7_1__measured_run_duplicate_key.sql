-- Concurrent identical pushes must store one run: the duplicate check (same series, commit, branch and CI URL) is a
-- unique key, not a read before the write. SHA-256 hex of those four values; null when the push names no commit (no
-- duplicate check then). Runs stored before this migration keep a null key.
alter table measured_run add column duplicate_key varchar(64);
create unique index measured_run_duplicate_key on measured_run (duplicate_key);
