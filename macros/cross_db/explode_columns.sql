{#- Select-list explosion: SELECT-clause items (not a FROM fragment) that turn each row into one row per element
    of an engine array or per entry of an engine map; rows whose array or map is NULL or empty produce nothing.
    Unlike explode_array/explode_map (a lateral join, which on DuckDB copies the correlated input value into
    every produced row), the input is not carried along, so a 50 000-element list taken from a 6 MB text stays
    cheap. At most one per SELECT (Spark allows one generator per select list), not inside another expression:
    use the produced columns in the next CTE. -#}

{#- Items `{pos_name}` (0-based position) and `{value_name}` of every element of `array_expr`. -#}
{% macro explode_array_columns(array_expr, pos_name='pos', value_name='value') -%}
    {{ return(adapter.dispatch('explode_array_columns', 'lineage_warehouse')(array_expr, pos_name, value_name)) }}
{%- endmacro %}

{% macro default__explode_array_columns(array_expr, pos_name, value_name) -%}
    {{ lineage_warehouse.not_supported('explode_array_columns') }}
{%- endmacro %}

{% macro duckdb__explode_array_columns(array_expr, pos_name, value_name) -%}
    unnest({{ array_expr }}) as {{ value_name }},
    generate_subscripts({{ array_expr }}, 1) - 1 as {{ pos_name }}
{%- endmacro %}

{% macro spark__explode_array_columns(array_expr, pos_name, value_name) -%}
    posexplode({{ array_expr }}) as ({{ pos_name }}, {{ value_name }})
{%- endmacro %}

{#- Items `{key_name}` and `{value_name}` of every entry of `map_expr`. -#}
{% macro explode_map_columns(map_expr, key_name='key', value_name='value') -%}
    {{ return(adapter.dispatch('explode_map_columns', 'lineage_warehouse')(map_expr, key_name, value_name)) }}
{%- endmacro %}

{% macro default__explode_map_columns(map_expr, key_name, value_name) -%}
    {{ lineage_warehouse.not_supported('explode_map_columns') }}
{%- endmacro %}

{% macro duckdb__explode_map_columns(map_expr, key_name, value_name) -%}
    unnest(map_keys({{ map_expr }})) as {{ key_name }},
    unnest(map_values({{ map_expr }})) as {{ value_name }}
{%- endmacro %}

{% macro spark__explode_map_columns(map_expr, key_name, value_name) -%}
    explode({{ map_expr }}) as ({{ key_name }}, {{ value_name }})
{%- endmacro %}
