{#- D13 tag folding shared by job and dataset tags. Emits the CTEs `tag_events_keyed`, `ranked`, `tag_spellings`, `value_spellings`
    and `final` after a CTE named `tag_events` with columns (<owner>, tag, value, event_time, event_hash,
    source_rank, position): tag keys and values compare case-insensitively and keep their first spelling (D1
    order over all owners), each (owner, tag) keeps the value of the latest event (D1 order; within one event the
    tag with the highest source_rank, then position).
    With per_batch, the rankings are taken within each landing batch and `final` keeps the rows that win any of
    them (with the columns of `tag_events`): every overall winner wins in its own batch, so folding these
    candidates of all batches gives what folding every tag event gives. -#}
{% macro fold_tags_ctes(owner, per_batch=false) -%}
{%- set batch = 'landing_batch, ' if per_batch else '' -%}
tag_events_keyed as (
    select
        *,
        lower(tag) as tag_key,
        lower(value) as value_key,
        {{ lineage_warehouse.d1_order_key('event_time', 'event_hash') }} as order_key
    from tag_events
),

ranked as (
    select
        *,
        row_number() over (
            partition by {{ batch }}tag_key
            order by order_key, source_rank, position, tag
        ) as tag_spelling_rank,
        row_number() over (
            partition by {{ batch }}tag_key, value_key
            order by order_key, source_rank, position, value
        ) as value_spelling_rank,
        row_number() over (
            partition by {{ batch }}{{ owner }}, tag_key
            order by order_key desc, source_rank desc, position desc, value desc
        ) as latest_rank
    from tag_events_keyed
),
{%- if per_batch %}

final as (
    select
        landing_batch,
        {{ owner }},
        tag,
        value,
        event_time,
        event_hash,
        source_rank,
        position
    from ranked
    where tag_spelling_rank = 1 or value_spelling_rank = 1 or latest_rank = 1
)
{%- else %}

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
        ranked.{{ owner }},
        tag_spellings.tag,
        value_spellings.value
    from ranked
    inner join tag_spellings
        on ranked.tag_key = tag_spellings.tag_key
    inner join value_spellings
        on ranked.tag_key = value_spellings.tag_key and ranked.value_key = value_spellings.value_key
    where ranked.latest_rank = 1
)
{%- endif %}
{%- endmacro %}
