{#- Dataset symlinks (§2.3, D12, docs/rules.md "Symlink groups"): every ordered pair (A, B) of two different datasets
    of one symlink group, typed by the role of B (a clique over the group, never A → A). Key (from, to): when groups
    give a pair two types, the group of the latest entry (D1 order) holding both wins. -#}

with

groups as (
    select * from {{ ref('int_symlink_groups') }}
),

pairs as (
    select
        from_members.dataset_id as from_dataset_id,
        to_members.dataset_id as to_dataset_id,
        to_members.role as type,
        from_members.last_entry_order_key
    from groups as from_members
    inner join groups as to_members
        on
            from_members.group_id = to_members.group_id
            and from_members.dataset_id != to_members.dataset_id
),

ranked as (
    select
        from_dataset_id,
        to_dataset_id,
        type,
        row_number() over (
            partition by from_dataset_id, to_dataset_id
            order by last_entry_order_key desc, type asc
        ) as type_rank
    from pairs
),

final as (
    select
        from_dataset_id,
        to_dataset_id,
        type
    from ranked
    where type_rank = 1
)

select * from final
