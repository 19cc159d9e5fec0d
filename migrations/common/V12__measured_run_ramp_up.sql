-- A vLLM run with --ramp-up-strategy states no request rate; its ramp ("linear ramp-up 1.0 to 16.0 requests/s") is
-- part of its series, so runs of different ramps are not compared with each other. Null for every other run,
-- including ramp-up runs pushed before this column (their file is kept verbatim in run_upload).
alter table measured_run add column ramp_up varchar(120);
