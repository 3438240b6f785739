{#- Tags of each job (§3.3 with D13): the union over the job's events; tag keys and values compare
    case-insensitively, each spelled as first seen (D1 order over all events: tags and values are shared across
    jobs, as in the reference's tag tables); each key keeps the value of the latest event (D1 order; within one
    event the tag added last, see int_job_tag_events). -#}

with

tag_events as (
    select
        *,
        lower(tag) as tag_key,
        lower(value) as value_key,
        {{ lineage_warehouse.d1_order_key('event_time', 'event_hash') }} as order_key
    from {{ ref('int_job_tag_events') }}
),

ranked as (
    select
        *,
        row_number() over (
            partition by tag_key
            order by order_key, source_rank, position, tag
        ) as tag_spelling_rank,
        row_number() over (
            partition by tag_key, value_key
            order by order_key, source_rank, position, value
        ) as value_spelling_rank,
        row_number() over (
            partition by job_id, tag_key
            order by order_key desc, source_rank desc, position desc, value desc
        ) as latest_rank
    from tag_events
),

tag_spellings as (
    select
        tag_key,
        tag
    from ranked
    where tag_spelling_rank = 1
),

value_spellings as (
    select
        tag_key,
        value_key,
        value
    from ranked
    where value_spelling_rank = 1
),

final as (
    select
        ranked.job_id,
        tag_spellings.tag,
        value_spellings.value
    from ranked
    inner join tag_spellings
        on ranked.tag_key = tag_spellings.tag_key
    inner join value_spellings
        on ranked.tag_key = value_spellings.tag_key and ranked.value_key = value_spellings.value_key
    where ranked.latest_rank = 1
)

select * from final
