{#- Column relations of operation events with their datasets (§8.1): the target is the output's lineage node
    (after the Spark swap); the source is the input field's dataset, except that a source which is the
    physical dataset of a Spark swap made in the same operation's events resolves to that table (the
    set-based form of the reference's per-batch cache; if one operation swapped it to several tables, the
    table of its latest event in D1 order wins). A view: the relations are resolved per event in
    int_column_lineage_sources and the swaps per batch in int_column_lineage_swaps. -#}
{{ config(materialized='view') }}

with

sources as (
    select * from {{ ref('int_column_lineage_sources') }}
),

batch_swaps as (
    select
        *,
        row_number() over (
            partition by operation_id, physical_dataset_id order by swap_order desc
        ) as swap_rank
    from {{ ref('int_column_lineage_swaps') }}
),

swaps as (
    select
        operation_id,
        physical_dataset_id,
        table_dataset_id
    from batch_swaps
    where swap_rank = 1
),

final as (
    select
        sources.event_hash,
        sources.operation_id,
        sources.event_time,
        coalesce(swaps.table_dataset_id, sources.named_source_dataset_id) as source_dataset_id,
        sources.target_dataset_id,
        sources.source_column,
        sources.target_column,
        sources.type_flag
    from sources
    left join swaps
        on
            sources.operation_id = swaps.operation_id
            and sources.named_source_dataset_id = swaps.physical_dataset_id
)

select * from final
