{#- Every dataset and job node of the lineage marts with its name and its location's type and name, as SQL over
    the relations or CTEs named (node_kind DATASET or JOB, node_id, node_name, location_type, location_name): what
    lineage_edges_named and job_io join to the ends of an edge. A dataset id and a job id never coincide: both are
    hashes of their kind and natural key (macros/entity_ids.sql). -#}
{% macro named_lineage_nodes(datasets, jobs, locations) -%}
    select
        'DATASET' as node_kind,
        datasets.dataset_id as node_id,
        datasets.name as node_name,
        locations.type as location_type,
        locations.name as location_name
    from {{ datasets }} as datasets
    left join {{ locations }} as locations
        on datasets.location_id = locations.location_id
    union all
    select
        'JOB' as node_kind,
        jobs.job_id as node_id,
        jobs.name as node_name,
        locations.type as location_type,
        locations.name as location_name
    from {{ jobs }} as jobs
    left join {{ locations }} as locations
        on jobs.location_id = locations.location_id
{%- endmacro %}
