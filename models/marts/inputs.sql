{#- Inputs (docs/rules.md "Entity: Input relation"; §7; D2 grain (hour bucket, operation, dataset, schema), counters =
    max of the non-null values; D3 zero kept; D4 bad numbers NULL), with the run and job of the operation. -#}
{{ lineage_warehouse.refold_config('operation') }}
-- depends_on: {{ ref('int_refold_scope') }} (the refold scope, read by the filters of macros/refold_scopes.sql)

with

inputs as (
    {{ lineage_warehouse.io_rows_with_jobs(ref('int_io_rows'), ref('int_runs'), 'INPUT', lineage_warehouse.in_refold_scope('io_rows.operation_id')) }}
),

final as (
    select
        created_at,
        operation_id,
        dataset_id,
        schema_id,
        run_id,
        job_id,
        num_rows,
        num_bytes,
        num_files,
        {{ lineage_warehouse.refold_partition('operation_id') }} as refold_partition
    from inputs
)

select * from final
