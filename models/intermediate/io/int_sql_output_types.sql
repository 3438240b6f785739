{#- The output type an operation's SQL implies (§7.4 step 3 with D10): the leftmost write keyword of the
    normalised SQL once comments and quoted literals are removed, else ALTER. NULL when the SQL says nothing
    (or there is none). And the one StarRocks reads (docs/rules.md "StarRocks"): from the first word of the
    normalised SQL. The operation's SQL (latest non-null, D1) decides for all its events. -#}

with

operations as (
    select
        operation_id,
        sql_query
    from {{ ref('int_operations') }}
    where sql_query is not null
),

final as (
    select
        operation_id,
        {{ lineage_warehouse.output_type_from_sql('sql_query') }} as sql_output_type_mask,
        {{ lineage_warehouse.output_type_from_sql_prefix('sql_query') }} as sql_prefix_output_type_mask
    from operations
)

select * from final
