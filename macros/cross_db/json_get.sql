{#- Text of the value at `keys` inside JSON text `expr`: strings unquoted, objects/arrays/numbers/booleans
    as JSON text, JSON null or a missing key as SQL NULL. Same result on both engines. -#}
{% macro json_get(expr, keys) -%}
    {{ return(adapter.dispatch('json_get', 'lineage_warehouse')(expr, keys)) }}
{%- endmacro %}

{% macro default__json_get(expr, keys) -%}
    {{ lineage_warehouse.not_supported('json_get') }}
{%- endmacro %}

{% macro duckdb__json_get(expr, keys) -%}
    json_extract_string({{ expr }}, {{ lineage_warehouse.sql_string(lineage_warehouse.json_path(keys)) }})
{%- endmacro %}

{% macro spark__json_get(expr, keys) -%}
    get_json_object({{ expr }}, {{ lineage_warehouse.sql_string(lineage_warehouse.json_path(keys)) }})
{%- endmacro %}
