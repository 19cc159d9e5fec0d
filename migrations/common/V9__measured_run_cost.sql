-- A measured run's cost as priced at push: the accelerator and how many were billed (and from what: TP, the
-- context's accelerators or instance type), the catalog price used (its id and option), measured and predicted USD
-- per million output tokens, or why there is no cost. Runs stored before this have no cost, and say so.
alter table measured_run add column billed_accelerator varchar(32);
alter table measured_run add column billed_accelerators integer;
alter table measured_run add column accelerators_from varchar(300);
alter table measured_run add column cost_price_id bigint;
alter table measured_run add column cost_price_option varchar(32);
alter table measured_run add column usd_per_million_output_tokens double precision;
alter table measured_run add column predicted_usd_per_million_output_tokens double precision;
alter table measured_run add column cost_reason varchar(500);
alter table measured_run add constraint measured_run_cost_price foreign key (cost_price_id) references price (id);
update measured_run set cost_reason = 'pushed before costbench priced measured runs';
