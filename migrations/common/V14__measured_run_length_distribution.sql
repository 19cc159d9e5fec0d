-- A GuideLLM synthetic-data run or an LLMPerf run states the distributions it drew each request's prompt and output
-- lengths from (a stdev, bounds); in words, they are part of its series, so runs drawing different spreads around the
-- same mean lengths are not compared with each other. Null for fixed lengths, every other format, and runs pushed
-- before this column (files kept verbatim).
alter table measured_run add column length_distribution varchar(300);
