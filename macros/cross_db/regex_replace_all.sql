{#- Replace every match of `pattern` in expr by the plain text `replacement` (no back-references:
    DuckDB writes them \1, Spark $1). -#}
{% macro regex_replace_all(expr, pattern, replacement) -%}
    {{ return(adapter.dispatch('regex_replace_all', 'lineage_warehouse')(expr, pattern, replacement)) }}
{%- endmacro %}

{% macro default__regex_replace_all(expr, pattern, replacement) -%}
    {{ lineage_warehouse.not_supported('regex_replace_all') }}
{%- endmacro %}

{% macro duckdb__regex_replace_all(expr, pattern, replacement) -%}
    regexp_replace({{ expr }}, {{ lineage_warehouse.sql_string(pattern) }}, {{ lineage_warehouse.sql_string(replacement) }}, 'g')
{%- endmacro %}

{% macro spark__regex_replace_all(expr, pattern, replacement) -%}
    regexp_replace({{ expr }}, {{ lineage_warehouse.sql_string(pattern) }}, {{ lineage_warehouse.sql_string(replacement) }})
{%- endmacro %}
