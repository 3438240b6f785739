{#- Column relations of operation events with their datasets (§8.1): the target is the output's lineage node
    (after the Spark swap); the source is the input field's dataset, except that a source which is the
    physical dataset of a Spark swap made in the same operation's events resolves to that table (the
    set-based form of the reference's per-batch cache; if one operation swapped it to several tables, the
    table of its latest event in D1 order wins). A view: the relations are read per event in
    int_column_lineage_sources and the swaps per batch in int_column_lineage_swaps, both by namespace and name,
    and their dataset ids are resolved here. -#}
{{ config(materialized='view') }}

with

source_rows as (
    select * from {{ ref('int_column_lineage_sources') }}
),

swap_rows as (
    select * from {{ ref('int_column_lineage_swaps') }}
),

-- the datasets of each relation, by the locations their namespaces have now
sources as (
    select
        source_rows.event_hash,
        source_rows.operation_id,
        source_rows.event_time,
        {{ lineage_warehouse.dataset_id('source_locations.location_id', 'source_rows.source_name') }}
            as named_source_dataset_id,
        {{ lineage_warehouse.dataset_id('target_locations.location_id', 'source_rows.target_name') }}
            as target_dataset_id,
        source_rows.source_column,
        source_rows.target_column,
        source_rows.type_flag
    from source_rows
    {{ lineage_warehouse.dataset_location_join(ref('int_namespace_locations'), 'source_locations', 'source_rows.source_namespace') }}
    {{ lineage_warehouse.dataset_location_join(ref('int_namespace_locations'), 'target_locations', 'source_rows.target_namespace') }}
),

located_swaps as (
    select
        swap_rows.operation_id,
        swap_rows.order_key,
        {{ lineage_warehouse.dataset_id('physical_locations.location_id', 'swap_rows.physical_name') }}
            as physical_dataset_id,
        {{ lineage_warehouse.dataset_id('table_locations.location_id', 'swap_rows.table_name') }}
            as table_dataset_id
    from swap_rows
    {{ lineage_warehouse.dataset_location_join(ref('int_namespace_locations'), 'physical_locations', 'swap_rows.physical_namespace') }}
    {{ lineage_warehouse.dataset_location_join(ref('int_namespace_locations'), 'table_locations', 'swap_rows.table_namespace') }}
),

-- per operation and physical dataset, the table of the latest swap (D1 order, then the table's id)
ranked_swaps as (
    select
        *,
        row_number() over (
            partition by operation_id, physical_dataset_id order by order_key || table_dataset_id desc
        ) as swap_rank
    from located_swaps
),

swaps as (
    select
        operation_id,
        physical_dataset_id,
        table_dataset_id
    from ranked_swaps
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
