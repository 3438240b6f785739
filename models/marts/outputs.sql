{#- Outputs (docs/rules.md "Entity: Output relation"; §7; D2 grain, counters = max of the non-null values, types OR-ed;
    D3; D4; §7.4 + D10 output types), with the run and job of the operation. -#}
{{ lineage_warehouse.refold_config('operation') }}

with

outputs as (
    select * from {{ ref('int_io_rows') }}
    where io_kind = 'OUTPUT' and {{ lineage_warehouse.in_refold_scope('operation_id') }}
),

runs as (
    select
        run_id,
        job_id
    from {{ ref('int_runs') }}
),

final as (
    select
        outputs.created_at,
        outputs.operation_id,
        outputs.dataset_id,
        outputs.schema_id,
        outputs.run_id,
        runs.job_id,
        {{ lineage_warehouse.flag_names('outputs.output_type_mask', lineage_warehouse.output_type_flags(), 'UNKNOWN') }}
            as output_types,
        coalesce(outputs.output_type_mask, 0) as output_types_mask,
        outputs.num_rows,
        outputs.num_bytes,
        outputs.num_files
    from outputs
    left join runs
        on outputs.run_id = runs.run_id
)

select * from final
