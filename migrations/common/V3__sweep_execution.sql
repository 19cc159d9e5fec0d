-- Sweeps run as Quartz chunk jobs: each sweep keeps how it was cut into chunks (so a recovered chunk covers the same
-- points after a configuration change), a sweep-level error, and an idempotency key (one nightly sweep per fire time).
alter table sweep add column chunk_size integer not null default 1;
alter table sweep add column chunk_count integer not null default 0;
alter table sweep add column error_message varchar(2000);
alter table sweep add column idempotency_key varchar(200);
alter table sweep add constraint sweep_idempotency_key unique (idempotency_key);
alter table sweep add constraint sweep_status_known
    check (status in ('QUEUED', 'RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED', 'CANCELLED'));
alter table sweep add constraint sweep_trigger_known check (trigger_kind in ('MANUAL', 'API', 'NIGHTLY'));
alter table sweep add constraint sweep_progress_bounds
    check (done_points >= 0 and done_points <= total_points and failed_points + skipped_points <= done_points);
create index sweep_status on sweep (status);

-- Points keep their place in the expansion (results read in sweep order), the chunk that wrote them and the
-- Quartz instance that executed it. Skipped and failed points have no resolved deployment, hence the nullable columns.
alter table sweep_point add column point_index integer not null default 0;
alter table sweep_point add column chunk_index integer not null default 0;
alter table sweep_point add column executed_by varchar(200);
alter table sweep_point alter column tensor_parallel drop not null;
alter table sweep_point alter column precision_name drop not null;
alter table sweep_point alter column profile_sha256 drop not null;
alter table sweep_point add constraint sweep_point_status_known check (status in ('SUCCEEDED', 'SKIPPED', 'FAILED'));
create index sweep_point_order on sweep_point (sweep_id, point_index);
