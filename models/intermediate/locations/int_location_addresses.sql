{#- PROVISIONAL (replaced by the D7 fusion): every location address, mapped to its location. Contract for
    all other models: columns `address` ('{type}://{name}') and `location_id`; every address a
    reference computes with namespace_location_address() is present. -#}

with

job_namespaces as (
    select job_namespace as namespace from {{ ref('int_events_classified') }}
    union all
    select parent_job_namespace as namespace from {{ ref('int_events_classified') }}
    union all
    select root_job_namespace as namespace from {{ ref('int_events_classified') }}
),

dataset_namespaces as (
    select namespace from {{ ref('int_event_datasets') }}
    union all
    select node_namespace as namespace from {{ ref('int_event_datasets') }}
),

addresses as (
    select {{ lineage_warehouse.namespace_location_address('namespace', 'job') }} as address
    from job_namespaces
    where namespace is not null
    union
    select {{ lineage_warehouse.namespace_location_address('namespace', 'dataset') }} as address
    from dataset_namespaces
    where namespace is not null
),

final as (
    select
        address,
        {{ lineage_warehouse.entity_id('location', ['address']) }} as location_id
    from addresses
)

select * from final
