-- The write-up's on-demand prices (calibration target S8). Region 'any': the write-up names none, and a lookup for a
-- region without its own price falls back to these. The write-up is undated: in force from 2026-01-01 is an
-- assumption. No H200 price is seeded: no source for one was found (specs.md section 3 has none).
insert into price (accelerator, purchase_option, region, currency, usd_per_accelerator_hour, effective_from,
                   effective_to, source, note, created_at)
values ('trn2', 'on-demand', 'any', 'USD', 2.230000, date '2026-01-01', null,
        'Trainium2 serving write-up (shared/reference/trainium2-serving-blog.txt), "GPU Price Comparison": "AWS provides on-demand pricing for Trainium2 and H100 instances, with a single accelerator being priced at $2.23/hr and $5.19/hr respectively."',
        'Per Trainium2 chip-hour (trn2.48xlarge = 16 chips, trn2.3xlarge = 1). Effective date assumed: the write-up is undated.',
        current_timestamp);

insert into price (accelerator, purchase_option, region, currency, usd_per_accelerator_hour, effective_from,
                   effective_to, source, note, created_at)
values ('h100-sxm', 'on-demand', 'any', 'USD', 5.190000, date '2026-01-01', null,
        'Trainium2 serving write-up (shared/reference/trainium2-serving-blog.txt), "GPU Price Comparison": "AWS provides on-demand pricing for Trainium2 and H100 instances, with a single accelerator being priced at $2.23/hr and $5.19/hr respectively."',
        'Per H100 GPU-hour (p5.48xlarge = 8 GPUs). Effective date assumed: the write-up is undated. specs.md section 3 records p5.48xlarge us-east-1 at $55.04/hr ($6.88/GPU-hr, secondary source); the write-up figure is the default because targets S8-S11 are stated with it.',
        current_timestamp);
