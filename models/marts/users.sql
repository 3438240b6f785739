{#- Users who started runs (§4): one per lower(name), spelled as first seen (D1 order). -#}

with

named as (
    select
        user_name,
        {{ lineage_warehouse.user_id('user_name') }} as user_id,
        row_number() over (
            partition by lower(user_name)
            order by event_time, event_hash, user_name
        ) as spelling_rank
    from {{ ref('int_run_facts') }}
    where user_name is not null
),

final as (
    select
        user_id,
        user_name as name
    from named
    where spelling_rank = 1
)

select * from final
