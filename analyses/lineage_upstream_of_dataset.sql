-- Everything upstream of one dataset, three dataset hops deep, with location and name: the traversal macro at
-- DATASET granularity, the start found by location and dataset name (change them below).
-- `dbt compile --select lineage_upstream_of_dataset` prints the SQL, `dbt show --select ...` runs it.
{%- set start -%}
    (
        select start_datasets.dataset_id as start_id
        from {{ ref('datasets') }} as start_datasets
        inner join {{ ref('locations') }} as start_locations
            on start_datasets.location_id = start_locations.location_id
        where start_locations.name = 'food_delivery' and start_datasets.name = 'public.delivery_7_days'
    )
{%- endset %}
with

traversal as (
    {{ lineage_warehouse.lineage_traverse('DATASET', direction='UPSTREAM', depth=3, starts_relation=start) }}
),

datasets as (
    select * from {{ ref('datasets') }}
),

locations as (
    select * from {{ ref('locations') }}
),

final as (
    select
        traversal.depth,
        locations.name as location_name,
        datasets.name as dataset_name,
        traversal.node_id as dataset_id
    from traversal
    inner join datasets
        on traversal.node_id = datasets.dataset_id
    left join locations
        on datasets.location_id = locations.location_id
    where traversal.record_type = 'NODE'
)

select * from final
order by depth, location_name, dataset_name
