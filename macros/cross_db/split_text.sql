{#- Split text on a literal one-character separator into an engine array of text (empty pieces kept). -#}
{% macro split_text(expr, separator) -%}
    {{ return(adapter.dispatch('split_text', 'lineage_warehouse')(expr, separator)) }}
{%- endmacro %}

{% macro default__split_text(expr, separator) -%}
    {{ lineage_warehouse.not_supported('split_text') }}
{%- endmacro %}

{% macro duckdb__split_text(expr, separator) -%}
    string_split({{ expr }}, {{ lineage_warehouse.sql_string(separator) }})
{%- endmacro %}

{#- Spark's split takes a regular expression: the separator is put in a character class. -#}
{% macro spark__split_text(expr, separator) -%}
    split({{ expr }}, {{ lineage_warehouse.sql_string('[' ~ separator ~ ']') }}, -1)
{%- endmacro %}
