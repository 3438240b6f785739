{#- Dataset versions (docs/rules.md "Facets: dataset versions"): one row per dataset and version its version facet
    named, first and last eventTime, and the runs of the first and last of those events in D1 order. Only events
    with a run count: a static event's (D16) version is the dataset's latest_version in dataset_facets, not a
    version a run saw. -#}

with

versioned_events as (
    select * from {{ ref('int_dataset_facet_events') }}
    where version is not null and run_id is not null
),

-- only the events that name a version are resolved to their dataset
facet_events as (
    {{ lineage_warehouse.select_with_entity_id('versioned_events', 'dataset', ref('int_namespace_locations')) }}
),

final as (
    select
        dataset_id,
        version,
        min(event_time) as first_seen_at,
        max(event_time) as last_seen_at,
        min_by(run_id, order_key) as first_run_id,
        max_by(run_id, order_key) as last_run_id
    from facet_events
    group by dataset_id, version
)

select * from final
