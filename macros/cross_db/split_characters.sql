{#- The characters (Unicode code points) of a text as an engine array, and the code point of a character. -#}
{% macro split_characters(expr) -%}
    {{ return(adapter.dispatch('split_characters', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__split_characters(expr) -%}
    {{ lineage_warehouse.not_supported('split_characters') }}
{%- endmacro %}

{% macro duckdb__split_characters(expr) -%}
    string_split({{ expr }}, '')
{%- endmacro %}

{% macro spark__split_characters(expr) -%}
    split({{ expr }}, '')
{%- endmacro %}

{% macro code_point(expr) -%}
    {{ return(adapter.dispatch('code_point', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__code_point(expr) -%}
    {{ lineage_warehouse.not_supported('code_point') }}
{%- endmacro %}

{% macro duckdb__code_point(expr) -%}
    unicode({{ expr }})
{%- endmacro %}

{% macro spark__code_point(expr) -%}
    ascii({{ expr }})
{%- endmacro %}
