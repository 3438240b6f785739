{#- A FROM-clause fragment that joins one row per element of the engine array `array_expr`
    (rows whose array is NULL or empty are dropped). Columns: {alias}.pos (0-based), {alias}.value. -#}
{% macro explode_array(array_expr, alias) -%}
    {{ return(adapter.dispatch('explode_array', 'lineage_warehouse')(array_expr, alias)) }}
{%- endmacro %}

{% macro default__explode_array(array_expr, alias) -%}
    {{ lineage_warehouse.not_supported('explode_array') }}
{%- endmacro %}

{% macro duckdb__explode_array(array_expr, alias) -%}
    cross join lateral (
        select
            unnest(lw_arr.a) as value,
            generate_subscripts(lw_arr.a, 1) - 1 as pos
        from (select {{ array_expr }} as a) as lw_arr
    ) as {{ alias }}
{%- endmacro %}

{% macro spark__explode_array(array_expr, alias) -%}
    lateral view posexplode({{ array_expr }}) {{ alias }} as pos, value
{%- endmacro %}
