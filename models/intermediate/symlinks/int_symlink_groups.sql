{#- Symlink groups (docs/rules.md "Symlink groups"): one row per member of each distinct group that some entry gave
    (int_symlink_group_entries, where the group rule is), with the D1 order key of the latest entry that gave the
    group (dataset_symlinks settles a pair's type by it). A full table: a fold over the appended entries. -#}

with

group_entries as (
    select * from {{ ref('int_symlink_group_entries') }}
),

latest_entries as (
    select
        group_id,
        max(entry_order_key) as last_entry_order_key
    from group_entries
    group by group_id
),

final as (
    select
        group_entries.group_id,
        group_entries.dataset_id,
        group_entries.role,
        latest_entries.last_entry_order_key
    from group_entries
    inner join latest_entries
        on
            group_entries.group_id = latest_entries.group_id
            and group_entries.entry_order_key = latest_entries.last_entry_order_key
)

select * from final
