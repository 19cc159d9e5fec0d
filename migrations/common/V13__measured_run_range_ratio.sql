-- An SGLang random-dataset run states its lengths L and a --random-range-ratio r, and drew each request's lengths from
-- [max(1, r x L), L]: r is part of its series, so runs of different spreads around the same L are not compared with
-- each other. Null for fixed lengths, every other format, and runs pushed before this column (files kept verbatim).
alter table measured_run add column range_ratio double precision;
