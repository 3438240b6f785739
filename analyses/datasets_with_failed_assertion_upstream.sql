-- Did a check fail upstream of my dashboard, and who owns the table that broke? Every dataset whose upstream (at
-- any depth, dataset_lineage_closure) had a failed data-quality assertion in the 24 hours before `as_of`, with the
-- failed check, the owners of the dataset and the owners of the upstream table that broke. as_of is the var
-- failed_assertions_as_of (an ISO timestamp, UTC) or else the current time.
{%- set as_of_var = var('failed_assertions_as_of', none) %}
{%- set as_of = "cast('" ~ as_of_var ~ "' as timestamp)" if as_of_var else 'cast(current_timestamp as timestamp)' %}
with

failed_assertions as (
    select
        dataset_id,
        assertion,
        column_name,
        asserted_at
    from {{ ref('data_quality_assertions') }}
    where
        success = false
        and asserted_at > {{ as_of }} - interval '24' hour
        and asserted_at <= {{ as_of }}
),

closure as (
    select * from {{ ref('dataset_lineage_closure') }}
),

datasets as (
    select * from {{ ref('datasets') }}
),

owners as (
    select
        dataset_id,
        {{ lineage_warehouse.ordered_string_agg("owner_name || coalesce(' (' || owner_type || ')', '')", "', '",
            'owner_name') }} as owners
    from {{ ref('dataset_owners') }}
    group by dataset_id
),

final as (
    select
        downstream.name as dataset_name,
        downstream_owners.owners as dataset_owners,
        upstream.name as failed_upstream_name,
        upstream_owners.owners as failed_upstream_owners,
        failed_assertions.assertion,
        failed_assertions.column_name,
        failed_assertions.asserted_at,
        closure.min_depth
    from failed_assertions
    inner join closure
        on failed_assertions.dataset_id = closure.upstream_dataset_id
    inner join datasets as downstream
        on closure.downstream_dataset_id = downstream.dataset_id
    inner join datasets as upstream
        on failed_assertions.dataset_id = upstream.dataset_id
    left join owners as downstream_owners
        on downstream.dataset_id = downstream_owners.dataset_id
    left join owners as upstream_owners
        on upstream.dataset_id = upstream_owners.dataset_id
)

select * from final
