{#- Outputs (docs/rules.md "Entity: Output relation"; §7; D2 grain, counters = max of the non-null values, types OR-ed;
    D3; D4; §7.4 + D10 output types), with the run and job of the operation. -#}
{{ lineage_warehouse.refold_config('operation') }}
-- depends_on: {{ ref('int_refold_scope') }} (the refold scope, read by the filters of macros/refold_scopes.sql)

with

outputs as (
    {{ lineage_warehouse.io_rows_with_jobs(ref('int_io_rows'), ref('int_runs'), 'OUTPUT', lineage_warehouse.in_refold_scope('io_rows.operation_id')) }}
),

final as (
    select
        created_at,
        operation_id,
        dataset_id,
        schema_id,
        run_id,
        job_id,
        {{ lineage_warehouse.flag_names('output_type_mask', lineage_warehouse.output_type_flags(), 'UNKNOWN') }}
            as output_types,
        output_types_mask,
        num_rows,
        num_bytes,
        num_files,
        {{ lineage_warehouse.refold_partition('operation_id') }} as refold_partition
    from outputs
)

select * from final
