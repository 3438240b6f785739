{#- True when the regular expression pattern (a Jinja string; keep to syntax RE2 and Java share) matches anywhere in expr. -#}
{% macro regex_matches(expr, pattern) -%}
    {{ return(adapter.dispatch('regex_matches', 'lineage_warehouse')(expr, pattern)) }}
{%- endmacro %}

{% macro default__regex_matches(expr, pattern) -%}
    {{ lineage_warehouse.not_supported('regex_matches') }}
{%- endmacro %}

{% macro duckdb__regex_matches(expr, pattern) -%}
    regexp_matches({{ expr }}, {{ lineage_warehouse.sql_string(pattern) }})
{%- endmacro %}

{% macro spark__regex_matches(expr, pattern) -%}
    ({{ expr }} rlike {{ lineage_warehouse.sql_string(pattern) }})
{%- endmacro %}
