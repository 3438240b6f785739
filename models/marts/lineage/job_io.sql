{#- One row per job and dataset it reads or writes (docs/rules.md "Lineage: Aggregation", JOB granularity): the
    JOB rows of lineage_edges_named turned to the job's side, direction INPUT (the job read the dataset) or OUTPUT
    (it wrote the dataset), with both names, the counters and the first and last interaction. -#}

with

job_edges as (
    select * from {{ ref('lineage_edges_named') }}
    where granularity = 'JOB'
),

final as (
    select
        case when edge_kind = 'INPUT' then to_id else from_id end as job_id,
        case when edge_kind = 'INPUT' then to_name else from_name end as job_name,
        case when edge_kind = 'INPUT' then to_location_type else from_location_type end as job_location_type,
        case when edge_kind = 'INPUT' then to_location_name else from_location_name end as job_location_name,
        case when edge_kind = 'INPUT' then from_id else to_id end as dataset_id,
        case when edge_kind = 'INPUT' then from_name else to_name end as dataset_name,
        case when edge_kind = 'INPUT' then from_location_type else to_location_type end as dataset_location_type,
        case when edge_kind = 'INPUT' then from_location_name else to_location_name end as dataset_location_name,
        edge_kind as direction,
        num_rows,
        num_bytes,
        num_files,
        output_types,
        output_types_mask,
        first_interaction_at,
        last_interaction_at,
        run_count,
        operation_count
    from job_edges
)

select * from final
