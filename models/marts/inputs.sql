{#- Inputs (docs/rules.md "Entity: Input relation"; §7; D2 grain (hour bucket, operation, dataset, schema), counters =
    max of the non-null values; D3 zero kept; D4 bad numbers NULL), with the run and job of the operation. -#}
{{ lineage_warehouse.refold_config('operation') }}

with

inputs as (
    select * from {{ ref('int_io_rows') }}
    where io_kind = 'INPUT' and {{ lineage_warehouse.in_refold_scope('operation_id') }}
),

runs as (
    select
        run_id,
        job_id
    from {{ ref('int_runs') }}
),

final as (
    select
        inputs.created_at,
        inputs.operation_id,
        inputs.dataset_id,
        inputs.schema_id,
        inputs.run_id,
        runs.job_id,
        inputs.num_rows,
        inputs.num_bytes,
        inputs.num_files
    from inputs
    left join runs
        on inputs.run_id = runs.run_id
)

select * from final
