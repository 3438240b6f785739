{#- JSON array text to an engine array of text: string elements unquoted, other elements as JSON text.
    NULL when expr is not a JSON array. -#}
{% macro json_to_string_array(expr) -%}
    {{ return(adapter.dispatch('json_to_string_array', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__json_to_string_array(expr) -%}
    {{ lineage_warehouse.not_supported('json_to_string_array') }}
{%- endmacro %}

{% macro duckdb__json_to_string_array(expr) -%}
    case when json_type(try_cast({{ expr }} as json)) = 'ARRAY' then try_cast(try_cast({{ expr }} as json) as varchar[]) end
{%- endmacro %}

{#- Spark: from_json also reads single-quoted strings (a Python list literal such as ['a', 'b']); the variant
    parser, strict JSON, must accept the text too, as in json_to_raw_array. -#}
{% macro spark__json_to_string_array(expr) -%}
    case
        when {{ lineage_warehouse.json_first_char(expr) }} = '[' and try_parse_json({{ expr }}) is not null
            then from_json({{ expr }}, 'array<string>')
    end
{%- endmacro %}
