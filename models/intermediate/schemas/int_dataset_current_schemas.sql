{#- The schema shown for a dataset (lineage.md "Schema shown for a dataset"): output rows preferred, input
    rows otherwise; the schema of the newest row; EXACT_MATCH when the oldest and the newest row carry the
    same schema, LATEST_KNOWN otherwise. Only rows with a schema count. Rows are ordered by their last
    (newest) or first (oldest) eventTime, then by schema id, so ties are deterministic. The schemas static events
    declare (D16, int_static_schema_rows) are rows too, at their eventTime: a DatasetEvent's dataset ranks with the
    outputs, a JobEvent's inputs and outputs with their kind. -#}

with

schema_rows as (
    select
        io_kind,
        dataset_id,
        schema_id,
        first_event_at,
        last_event_at
    from {{ ref('int_io_rows') }}
    union all
    select
        io_kind,
        dataset_id,
        schema_id,
        first_event_at,
        last_event_at
    from {{ ref('int_static_schema_rows') }}
),

rows_with_schema as (
    select
        dataset_id,
        schema_id,
        first_event_at,
        last_event_at,
        case when io_kind = 'INPUT' then 1 else 0 end as preference
    from schema_rows
    where schema_id is not null and dataset_id is not null
),

preferred as (
    select
        *,
        min(preference) over (partition by dataset_id) as best_preference
    from rows_with_schema
),

ranked as (
    select
        dataset_id,
        schema_id,
        row_number() over (partition by dataset_id order by last_event_at desc, schema_id desc) as newest_rank,
        row_number() over (partition by dataset_id order by first_event_at asc, schema_id asc) as oldest_rank
    from preferred
    where preference = best_preference
),

final as (
    select
        newest.dataset_id,
        newest.schema_id,
        case when newest.schema_id = oldest.schema_id then 'EXACT_MATCH' else 'LATEST_KNOWN' end as schema_relevance
    from ranked as newest
    inner join ranked as oldest
        on newest.dataset_id = oldest.dataset_id and oldest.oldest_rank = 1
    where newest.newest_rank = 1
)

select * from final
