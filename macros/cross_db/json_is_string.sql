{#- Whether the value at `keys` of the JSON text `expr` is a JSON string (false for an object, array, number,
    boolean or null, NULL when the key is missing or the text is not JSON). One more parse of the text: call it
    only on the rows that need it. -#}
{% macro json_is_string(expr, keys) -%}
    {{ return(adapter.dispatch('json_is_string', 'lineage_warehouse')(expr, keys)) }}
{%- endmacro %}

{% macro default__json_is_string(expr, keys) -%}
    {{ lineage_warehouse.not_supported('json_is_string') }}
{%- endmacro %}

{% macro duckdb__json_is_string(expr, keys) -%}
    (try(json_type({{ expr }}, {{ lineage_warehouse.sql_string(lineage_warehouse.json_path(keys)) }})) = 'VARCHAR')
{%- endmacro %}

{#- Spark: the value's type in the variant the text parses into. -#}
{% macro spark__json_is_string(expr, keys) -%}
    (schema_of_variant(variant_get(try_parse_json({{ expr }}),
        {{ lineage_warehouse.sql_string(lineage_warehouse.json_path(keys)) }})) = 'STRING')
{%- endmacro %}
