{#- lineage_edges with names beside the ids: every edge of every granularity, once, with the name, location type
    and location name of its from and to node where that node is a dataset (datasets, locations) or a job (jobs,
    locations); NULL for a run or an operation node. The everyday reading of lineage_edges, without the joins. -#}

with

edges as (
    select * from {{ ref('lineage_edges') }}
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

final as (
    select
        edges.granularity,
        edges.edge_kind,
        edges.from_kind,
        edges.from_id,
        from_nodes.node_name as from_name,
        from_nodes.location_type as from_location_type,
        from_nodes.location_name as from_location_name,
        edges.to_kind,
        edges.to_id,
        to_nodes.node_name as to_name,
        to_nodes.location_type as to_location_type,
        to_nodes.location_name as to_location_name,
        edges.num_rows,
        edges.num_bytes,
        edges.num_files,
        edges.output_types,
        edges.output_types_mask,
        edges.first_interaction_at,
        edges.last_interaction_at,
        edges.job_count,
        edges.run_count,
        edges.operation_count
    from edges
    left join named_nodes as from_nodes
        on edges.from_kind = from_nodes.node_kind and edges.from_id = from_nodes.node_id
    left join named_nodes as to_nodes
        on edges.to_kind = to_nodes.node_kind and edges.to_id = to_nodes.node_id
)

select * from final
