{#- The json_get texts of several key lists of one JSON text `expr`, as an engine array in the order of
    `key_lists` (read an item with list_item(array, index)). Each item equals json_get(expr, keys): strings
    unquoted, objects/arrays/numbers/booleans as JSON text, JSON null or a missing key as NULL.
    DuckDB parses the document once for all paths (one json_get per path re-parses it each time). -#}
{% macro json_get_list(expr, key_lists) -%}
    {{ return(adapter.dispatch('json_get_list', 'lineage_warehouse')(expr, key_lists)) }}
{%- endmacro %}

{% macro default__json_get_list(expr, key_lists) -%}
    {{ lineage_warehouse.not_supported('json_get_list') }}
{%- endmacro %}

{% macro duckdb__json_get_list(expr, key_lists) -%}
    {%- set paths = [] -%}
    {%- for keys in key_lists -%}
        {%- do paths.append(lineage_warehouse.sql_string(lineage_warehouse.json_path(keys))) -%}
    {%- endfor -%}
    json_extract_string({{ expr }}, [{{ paths | join(', ') }}])
{%- endmacro %}

{#- Spark: one get_json_object per path; the optimiser folds array(...)[i] back into the i-th call. -#}
{% macro spark__json_get_list(expr, key_lists) -%}
    {%- set items = [] -%}
    {%- for keys in key_lists -%}
        {%- do items.append(lineage_warehouse.json_get(expr, keys)) -%}
    {%- endfor -%}
    array({{ items | join(', ') }})
{%- endmacro %}
