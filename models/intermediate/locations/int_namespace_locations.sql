{#- The location of every namespace the events refer to, by the kind of reference that names it (a dataset
    namespace and a job namespace parse differently, §1): the address is parsed once per distinct namespace,
    so the many per-reference lookups (dataset_location_join, job_location_join) compare plain text. A
    post-hook records when a namespace known before moved to another location (macros/fold_rebuilds.sql). -#}
{{ config(post_hook=["{{ lineage_warehouse.record_mapping_changes('location_remap', 'namespace_locations_built', ['reference_kind', 'namespace'], 'location_id') }}"]) }}

with

namespaces as (
    select distinct
        reference_kind,
        namespace
    from {{ ref('int_location_references') }}
),

addresses as (
    select * from {{ ref('int_location_addresses') }}
),

addressed as (
    select
        reference_kind,
        namespace,
        case reference_kind
            when 'dataset' then {{ lineage_warehouse.namespace_location_address('namespace', 'dataset') }}
            else {{ lineage_warehouse.namespace_location_address('namespace', 'job') }}
        end as address
    from namespaces
),

final as (
    select
        addressed.reference_kind,
        addressed.namespace,
        addresses.location_id
    from addressed
    inner join addresses
        on addressed.address = addresses.address
)

select * from final
