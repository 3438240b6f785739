{#- Symlink groups (docs/rules.md "Symlink groups"), per input/output entry: for each entry with at least one
    identifier that gives a symlink, the entry's dataset D and each identifier's dataset S. Role of S: METASTORE for
    TABLE, WAREHOUSE for LOCATION; role of D: WAREHOUSE if some identifier of the entry is TABLE, else METASTORE (the
    Spark swap target included, D12). The group_id is the hash of the sorted dataset:role set, so every entry that
    gives a group gives the same members: one row per member of each group the batch's entries gave, with the D1
    order key of the batch's latest such entry (a group repeats over many entries, so a batch keeps far fewer
    rows than its entries). An entry whose identifiers all name its own dataset gives no row. Appended by landing batch (a per-batch
    fold, so rebuilt on retention); int_symlink_groups keeps each group's latest batch. -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['location_remap', 'retention']) }}

with

identifiers as (
    select * from {{ ref('int_symlink_identifiers') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and skip_reason is null
),

events as (
    select
        event_hash,
        landing_batch,
        event_time
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

-- the entry's own dataset (reference position -1) and each identifier, with its role in the entry's group
group_references as (
    select
        event_hash,
        io_kind,
        io_position,
        -1 as reference_position,
        dataset_namespace as namespace,
        dataset_name as name,
        case
            when max(case when identifier_type = 'TABLE' then 1 else 0 end) = 1 then 'WAREHOUSE' else 'METASTORE'
        end as role
    from identifiers
    group by event_hash, io_kind, io_position, dataset_namespace, dataset_name
    union all
    select
        event_hash,
        io_kind,
        io_position,
        identifier_position as reference_position,
        identifier_namespace as namespace,
        identifier_name as name,
        case identifier_type when 'TABLE' then 'METASTORE' else 'WAREHOUSE' end as role
    from identifiers
),

-- each distinct (namespace, name) resolved to its dataset once, not once per event
distinct_names as (
    select distinct
        namespace,
        name
    from group_references
),

resolved_names as (
    select
        distinct_names.namespace,
        distinct_names.name,
        {{ lineage_warehouse.dataset_id('name_locations.location_id', 'distinct_names.name') }} as dataset_id
    from distinct_names
    {{ lineage_warehouse.dataset_location_join(ref('int_namespace_locations'), 'name_locations', 'distinct_names.namespace') }}
),

-- one role per dataset of an entry: the entry's own dataset first, then its identifiers in their order
entry_members as (
    select
        group_references.event_hash,
        group_references.io_kind,
        group_references.io_position,
        resolved_names.dataset_id,
        group_references.role,
        row_number() over (
            partition by
                group_references.event_hash,
                group_references.io_kind,
                group_references.io_position,
                resolved_names.dataset_id
            order by group_references.reference_position
        ) as member_rank
    from group_references
    inner join resolved_names
        on
            group_references.namespace = resolved_names.namespace
            and group_references.name = resolved_names.name
),

-- a group needs two datasets: an entry whose identifiers all name its own dataset links nothing
entry_groups as (
    select
        entry_members.event_hash,
        entry_members.io_kind,
        entry_members.io_position,
        max(events.landing_batch) as landing_batch,
        {{ lineage_warehouse.d1_entry_order_key(
            'max(events.event_time)', 'entry_members.event_hash', 'entry_members.io_kind', 'entry_members.io_position'
        ) }} as entry_order_key,
        -- the members sorted by dataset id: each text starts with its fixed-width id, one per dataset
        {{ lineage_warehouse.entity_id('symlink_group', [lineage_warehouse.sorted_string_agg(
            "entry_members.dataset_id || ':' || entry_members.role", "','"
        )]) }} as group_id
    from entry_members
    inner join events
        on entry_members.event_hash = events.event_hash
    where entry_members.member_rank = 1
    group by entry_members.event_hash, entry_members.io_kind, entry_members.io_position
    having count(*) >= 2
),

-- every entry that gives a group gives the same members: one row per member of each group a batch gave, with the
-- batch's latest entry that gave it
final as (
    select
        entry_groups.landing_batch,
        entry_groups.group_id,
        entry_members.dataset_id,
        entry_members.role,
        max(entry_groups.entry_order_key) as entry_order_key
    from entry_groups
    inner join entry_members
        on
            entry_groups.event_hash = entry_members.event_hash
            and entry_groups.io_kind = entry_members.io_kind
            and entry_groups.io_position = entry_members.io_position
    where entry_members.member_rank = 1
    group by entry_groups.landing_batch, entry_groups.group_id, entry_members.dataset_id, entry_members.role
)

select * from final
