{#- Symlink groups (docs/rules.md "Symlink groups"): one row per member of each distinct group, with its role. The
    group rule is held by int_symlink_groups. -#}

with

groups as (
    select * from {{ ref('int_symlink_groups') }}
),

final as (
    select
        group_id,
        dataset_id,
        role
    from groups
)

select * from final
