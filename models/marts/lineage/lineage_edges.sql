{#- docs/rules.md "Lineage: Aggregation": one row per edge per granularity (OPERATION / RUN / JOB: INPUT and OUTPUT
    edges of the bipartite graph; DATASET: dataset → dataset through one operation). Refolded like
    int_lineage_process_edges, by process (macros/refold_scopes.sql): an incremental run replaces the rows of the
    operations, runs and jobs in the touched scope, so the other rows are not copied again, and the DATASET rows
    whole (a few thousand, from a full upstream table). -#}
{{ lineage_warehouse.refold_config('process', process_key=lineage_warehouse.edge_process_id(),
    replaced_granularities=['DATASET']) }}
-- depends_on: {{ ref('int_refold_scope') }} (the refold scope, read by the filters of macros/refold_scopes.sql)

with

process_edges as (
    select
        granularity,
        edge_kind,
        from_kind,
        from_id,
        to_kind,
        to_id,
        num_rows,
        num_bytes,
        num_files,
        output_types,
        output_types_mask,
        first_interaction_at,
        last_interaction_at,
        job_count,
        run_count,
        operation_count,
        refold_partition
    from {{ ref('int_lineage_process_edges') }}
    where {{ lineage_warehouse.in_refold_scope_rows('granularity', lineage_warehouse.edge_process_id()) }}
),

dataset_edges as (
    select
        *,
        {{ lineage_warehouse.refold_partition('from_id') }} as refold_partition
    from {{ ref('int_lineage_dataset_edges') }}
),

final as (
    select * from process_edges
    union all
    select * from dataset_edges
)

select * from final
