{#- Every (dataset, tag, value) an entry of int_event_datasets (an operation event's input or output, a static
    event's dataset, D16) sends in its dataset facet
    `tags.tags[]` (§2.2): key → tag, value → value, `source` and `field` ignored. Tags belong to the dataset of the
    entry itself, not to symlink or column-lineage references; after the Spark swap they stay on the physical
    dataset (§2.3). A facet with a tag lacking its key or value is dropped whole (D5, noted in staging.facet_issues:
    macros/entry_facet_checks.sql); a tag with an empty key is skipped. Rows name the dataset by its namespace and
    name; the mart dataset_tags resolves its id. Appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

entries as (
    select
        event_hash,
        landing_batch,
        io_kind,
        io_position,
        namespace,
        name,
        {{ lineage_warehouse.dataset_tags_list() }}_items as tags,
        {{ lineage_warehouse.entry_facet_problems('facets')['tags'] }} as tags_problem
    from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

valid_entries as (
    select * from entries
    where tags_problem is null
),

events as (
    select
        event_hash,
        event_time
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

tag_entries as (
    select
        entries.event_hash,
        entries.landing_batch,
        entries.io_kind,
        entries.io_position,
        entries.namespace,
        entries.name,
        cast(tag_entry.pos as bigint) as tag_position,
        tag_entry.value['key'] as tag,
        tag_entry.value['value'] as value
    from valid_entries as entries
    {{ lineage_warehouse.explode_array('entries.tags', 'tag_entry') }}
),

final as (
    select
        tag_entries.namespace,
        tag_entries.name,
        tag_entries.tag,
        tag_entries.value,
        events.event_time,
        tag_entries.event_hash,
        tag_entries.landing_batch,
        -- order of the tags inside one event: inputs before outputs (a DatasetEvent's one dataset with them), then
        -- entry and tag position
        case tag_entries.io_kind when 'INPUT' then 1 else 2 end as source_rank,
        tag_entries.io_position * 100000 + tag_entries.tag_position as position
    from tag_entries
    inner join events
        on tag_entries.event_hash = events.event_hash
    where coalesce(tag_entries.tag, '') != '' and tag_entries.value is not null
)

select * from final
