{#- The location of every namespace the events refer to, by the kind of reference that names it (a dataset
    namespace and a job namespace parse differently, §1): each distinct namespace with the address
    int_location_references parsed for it, so the many per-reference lookups (dataset_location_join,
    job_location_join) compare plain text. A post-hook records when a namespace known before moved to another
    location (macros/fold_rebuilds.sql). -#}
{{ config(post_hook=["{{ lineage_warehouse.record_mapping_changes('location_remap', 'namespace_locations_built', ['reference_kind', 'namespace'], 'location_id') }}"]) }}

with

namespaces as (
    select distinct
        reference_kind,
        namespace,
        location_address as address
    from {{ ref('int_location_references') }}
),

addresses as (
    select * from {{ ref('int_location_addresses') }}
),

final as (
    select
        namespaces.reference_kind,
        namespaces.namespace,
        addresses.location_id
    from namespaces
    inner join addresses
        on namespaces.address = addresses.address
)

select * from final
