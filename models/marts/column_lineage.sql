{#- Column lineage (docs/rules.md "Entity: Direct/Indirect Column Lineage relation"; §8; D2 grain: hour bucket (§7.2),
    operation, source dataset, target dataset, source column, target column or NULL; types OR-ed), with the
    run and job of the operation. DIRECT rows have a target column, INDIRECT rows none. Refolded by operation
    (macros/refold_scopes.sql). -#}
{{ lineage_warehouse.refold_config('operation') }}
-- depends_on: {{ ref('int_refold_scope') }} (the refold scope, read by the filters of macros/refold_scopes.sql)

with

relations as (
    select * from {{ ref('int_column_lineage_events') }}
    where {{ lineage_warehouse.in_refold_scope('operation_id') }}
),

operations as (
    select
        operation_id,
        created_at,
        run_id
    from {{ ref('int_operations') }}
    where {{ lineage_warehouse.in_refold_scope('operation_id') }}
),

runs as (
    select
        run_id,
        job_id
    from {{ ref('int_runs') }}
),

bucketed as (
    select
        {{ lineage_warehouse.hour_bucket('operations.created_at', 'relations.event_time') }} as created_at,
        relations.operation_id,
        operations.run_id,
        relations.source_dataset_id,
        relations.target_dataset_id,
        relations.source_column,
        relations.target_column,
        relations.type_flag
    from relations
    inner join operations
        on relations.operation_id = operations.operation_id
),

grained as (
    select
        created_at,
        operation_id,
        source_dataset_id,
        target_dataset_id,
        source_column,
        target_column,
        min(run_id) as run_id,
        bit_or(type_flag) as types_mask
    from bucketed
    group by created_at, operation_id, source_dataset_id, target_dataset_id, source_column, target_column
),

final as (
    select
        grained.created_at,
        grained.operation_id,
        grained.source_dataset_id,
        grained.target_dataset_id,
        grained.source_column,
        grained.target_column,
        grained.run_id,
        runs.job_id,
        case when grained.target_column is null then 'INDIRECT' else 'DIRECT' end as lineage_kind,
        {{ lineage_warehouse.flag_names(
            'grained.types_mask', lineage_warehouse.column_transformation_flags(), 'UNKNOWN'
        ) }}
            as types,
        grained.types_mask,
        {{ lineage_warehouse.refold_partition('grained.operation_id') }} as refold_partition
    from grained
    left join runs
        on grained.run_id = runs.run_id
)

select * from final
