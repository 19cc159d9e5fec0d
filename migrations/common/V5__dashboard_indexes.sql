-- Dashboard reads (io.costbench.service.dashboard.DashboardQueries), each bounded to one sweep or one series:
-- one model's points in a sweep (model page, "newest sweep with this model" probe, trend selectors) ...
create index sweep_point_sweep_model on sweep_point (sweep_id, model_id, input_tokens, output_tokens);
-- ... every model's points of one workload in a sweep (overview) ...
create index sweep_point_sweep_workload on sweep_point (sweep_id, input_tokens, output_tokens);
-- ... and one scenario's results across sweeps, newest first (trends).
create index sweep_point_series on sweep_point (model_id, input_tokens, output_tokens, concurrency, hardware_id,
    profile_id, optimizations, sweep_id);
