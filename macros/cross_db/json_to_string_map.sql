{#- JSON object text to an engine map of text → text (string values unquoted, others as JSON text).
    NULL when expr is not a JSON object. -#}
{% macro json_to_string_map(expr) -%}
    {{ return(adapter.dispatch('json_to_string_map', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__json_to_string_map(expr) -%}
    {{ lineage_warehouse.not_supported('json_to_string_map') }}
{%- endmacro %}

{% macro duckdb__json_to_string_map(expr) -%}
    case when json_type(try_cast({{ expr }} as json)) = 'OBJECT' then try_cast(try_cast({{ expr }} as json) as map(varchar, varchar)) end
{%- endmacro %}

{% macro spark__json_to_string_map(expr) -%}
    case when {{ lineage_warehouse.json_first_char(expr) }} = '{' then from_json({{ expr }}, 'map<string,string>') end
{%- endmacro %}
