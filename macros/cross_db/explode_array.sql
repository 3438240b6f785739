{#- A FROM-clause fragment that joins one row per element of the engine array `array_expr`
    (rows whose array is NULL or empty are dropped). Columns: {alias}.pos (0-based), {alias}.value. -#}
{% macro explode_array(array_expr, alias) -%}
    {{ return(adapter.dispatch('explode_array', 'lineage_warehouse')(array_expr, alias)) }}
{%- endmacro %}

{% macro default__explode_array(array_expr, alias) -%}
    {{ lineage_warehouse.not_supported('explode_array') }}
{%- endmacro %}

{#- DuckDB: each element paired with its position by one list_transform, then unnested in the select list. A
    lateral `unnest(a), generate_subscripts(a, 1) from (select <array_expr> as a)` would be decorrelated into a join
    on every distinct input array (a hash of whole lists) (docs/decisions/duckdb-explode-arrays.md). -#}
{% macro duckdb__explode_array(array_expr, alias) -%}
    cross join lateral (
        select
            lw_items.item.value as value,
            lw_items.item.pos as pos
        from (
            select unnest(list_transform({{ array_expr }},
                (lw_x, lw_i) -> struct_pack(value := lw_x, pos := lw_i - 1))) as item
        ) as lw_items
    ) as {{ alias }}
{%- endmacro %}

{% macro spark__explode_array(array_expr, alias) -%}
    lateral view posexplode({{ array_expr }}) {{ alias }} as pos, value
{%- endmacro %}
