{#- A SQL string literal holding `value` exactly: quotes doubled; on Spark backslashes doubled too
    (Spark string literals treat backslash as an escape character, DuckDB's do not). -#}
{% macro sql_string(value) -%}
    {{ return(adapter.dispatch('sql_string', 'lineage_warehouse')(value)) }}
{%- endmacro %}

{% macro default__sql_string(value) -%}
    {{ lineage_warehouse.not_supported('sql_string') }}
{%- endmacro %}

{% macro duckdb__sql_string(value) -%}
    {{ return("'" ~ (value | string | replace("'", "''")) ~ "'") }}
{%- endmacro %}

{% macro spark__sql_string(value) -%}
    {{ return("'" ~ (value | string | replace('\\', '\\\\') | replace("'", "\\'")) ~ "'") }}
{%- endmacro %}
