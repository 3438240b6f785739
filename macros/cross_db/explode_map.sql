{#- A FROM-clause fragment joining one row per entry of the engine map `map_expr`
    (NULL or empty maps drop the row). Columns: {alias}.key, {alias}.value. -#}
{% macro explode_map(map_expr, alias) -%}
    {{ return(adapter.dispatch('explode_map', 'lineage_warehouse')(map_expr, alias)) }}
{%- endmacro %}

{% macro default__explode_map(map_expr, alias) -%}
    {{ lineage_warehouse.not_supported('explode_map') }}
{%- endmacro %}

{% macro duckdb__explode_map(map_expr, alias) -%}
    cross join lateral (
        select
            lw_e.e.key as key,
            lw_e.e.value as value
        from (select unnest(map_entries({{ map_expr }})) as e) as lw_e
    ) as {{ alias }}
{%- endmacro %}

{% macro spark__explode_map(map_expr, alias) -%}
    lateral view explode({{ map_expr }}) {{ alias }} as key, value
{%- endmacro %}
