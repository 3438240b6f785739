{#- One row per job and dataset it reads or writes (docs/rules.md "Lineage: Aggregation", JOB granularity): the
    JOB rows of lineage_edges turned to the job's side, direction INPUT (the job read the dataset) or OUTPUT (it
    wrote the dataset), with both names and locations as lineage_edges_named gives them
    (macros/lineage/named_nodes.sql), the counters and the first and last interaction. -#}

with

job_edges as (
    select * from {{ ref('lineage_edges') }}
    where granularity = 'JOB'
),

datasets as (
    select * from {{ ref('datasets') }}
),

jobs as (
    select * from {{ ref('jobs') }}
),

locations as (
    select * from {{ ref('locations') }}
),

named_nodes as (
    {{ lineage_warehouse.named_lineage_nodes('datasets', 'jobs', 'locations') }}
),

job_side as (
    select
        {{ lineage_warehouse.edge_process_id() }} as job_id,
        {{ lineage_warehouse.edge_dataset_id() }} as dataset_id,
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
),

final as (
    select
        job_side.job_id,
        job_nodes.node_name as job_name,
        job_nodes.location_type as job_location_type,
        job_nodes.location_name as job_location_name,
        job_side.dataset_id,
        dataset_nodes.node_name as dataset_name,
        dataset_nodes.location_type as dataset_location_type,
        dataset_nodes.location_name as dataset_location_name,
        job_side.direction,
        job_side.num_rows,
        job_side.num_bytes,
        job_side.num_files,
        job_side.output_types,
        job_side.output_types_mask,
        job_side.first_interaction_at,
        job_side.last_interaction_at,
        job_side.run_count,
        job_side.operation_count
    from job_side
    left join named_nodes as job_nodes
        on job_nodes.node_kind = 'JOB' and job_side.job_id = job_nodes.node_id
    left join named_nodes as dataset_nodes
        on dataset_nodes.node_kind = 'DATASET' and job_side.dataset_id = dataset_nodes.node_id
)

select * from final
