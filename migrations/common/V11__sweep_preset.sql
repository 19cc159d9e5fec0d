-- Which named study a sweep ran ('default': the write-up's three models x three targets x three workloads), so the
-- overview can stay on the last complete comparison after a one-model sweep, and trends can count manual default
-- sweeps next to nightly ones. Null for any other definition. Nightly sweeps have always run the default preset;
-- older manual sweeps are left unmarked (their definitions are not compared in SQL).
alter table sweep add column preset varchar(32);
update sweep set preset = 'default' where trigger_kind = 'NIGHTLY';
create index sweep_preset on sweep (preset, id);
