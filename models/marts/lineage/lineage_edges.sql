{#- docs/rules.md "Lineage: Aggregation": one row per edge per granularity (OPERATION / RUN / JOB: INPUT and OUTPUT
    edges of the bipartite graph; DATASET: dataset → dataset through one operation). -#}

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
        operation_count
    from {{ ref('int_lineage_process_edges') }}
),

dataset_edges as (
    select * from {{ ref('int_lineage_dataset_edges') }}
),

final as (
    select * from process_edges
    union all
    select * from dataset_edges
)

select * from final
