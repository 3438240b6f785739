{#- Parts of placed events that are dropped or read differently, one row each (D5): the event is kept,
    the part is not used. Integration-specific facet checks add their own rows in later models. -#}
{{ lineage_warehouse.append_batches_config() }}

with

events as (
    select
        event_hash,
        landing_batch,
        event_type_raw,
        payload,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets']) }} as run_facets,
        {{ lineage_warehouse.json_get('payload', ['job', 'facets']) }} as job_facets,
        {{ lineage_warehouse.json_get('payload', ['inputs']) }} as inputs,
        {{ lineage_warehouse.json_get('payload', ['outputs']) }} as outputs
    from {{ ref('stg_events') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

unknown_event_types as (
    select
        event_hash,
        landing_batch,
        'eventType' as facet,
        'unknown_event_type' as reason
    from events
    where
        event_type_raw is not null
        and event_type_raw not in ('START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER')
),

facet_containers as (
    select
        event_hash,
        landing_batch,
        'run.facets' as facet,
        run_facets as facets
    from events
    union all
    select
        event_hash,
        landing_batch,
        'job.facets' as facet,
        job_facets as facets
    from events
),

containers_not_objects as (
    select
        event_hash,
        landing_batch,
        facet,
        'not_an_object' as reason
    from facet_containers
    where facets is not null and {{ lineage_warehouse.json_kind('facets') }} != 'object'
),

facets_not_objects as (
    select
        facet_containers.event_hash,
        facet_containers.landing_batch,
        facet_containers.facet || '.' || entries.key as facet,
        'not_an_object' as reason
    from facet_containers
    {{ lineage_warehouse.explode_map(lineage_warehouse.json_to_string_map('facet_containers.facets'), 'entries') }}
    where
        entries.value is not null
        and {{ lineage_warehouse.json_kind('entries.value') }} != 'object'
),

dataset_lists as (
    select
        event_hash,
        landing_batch,
        'inputs' as facet,
        inputs as datasets
    from events
    union all
    select
        event_hash,
        landing_batch,
        'outputs' as facet,
        outputs as datasets
    from events
),

lists_not_arrays as (
    select
        event_hash,
        landing_batch,
        facet,
        'not_an_array' as reason
    from dataset_lists
    where datasets is not null and {{ lineage_warehouse.json_kind('datasets') }} != 'array'
),

dataset_entries as (
    select
        dataset_lists.event_hash,
        dataset_lists.landing_batch,
        dataset_lists.facet || '[' || cast(entries.pos as string) || ']' as facet,
        entries.value as entry
    from dataset_lists
    {{ lineage_warehouse.explode_array(lineage_warehouse.json_to_raw_array('dataset_lists.datasets'), 'entries') }}
),

bad_dataset_entries as (
    select
        event_hash,
        landing_batch,
        facet,
        case
            when {{ lineage_warehouse.json_kind('entry') }} != 'object' then 'not_an_object'
            else 'missing_namespace_or_name'
        end as reason
    from dataset_entries
    where
        {{ lineage_warehouse.json_kind('entry') }} != 'object'
        or coalesce({{ lineage_warehouse.json_get('entry', ['namespace']) }}, '') = ''
        or coalesce({{ lineage_warehouse.json_get('entry', ['name']) }}, '') = ''
),

final as (
    select * from unknown_event_types
    union all
    select * from containers_not_objects
    union all
    select * from facets_not_objects
    union all
    select * from lists_not_arrays
    union all
    select * from bad_dataset_entries
)

select * from final
