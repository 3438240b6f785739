{#- Replace every match of `pattern` in expr by `replacement`, in which \1 .. \9 stand for the match's capture
    groups (a group that took no part in the match gives ''). DuckDB writes the references \1, Spark (Java) $1;
    the replacement holds no other backslash or '$'. -#}
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
    {%- set java_replacement = modules.re.sub('\\\\([1-9])', '$\\1', replacement) -%}
    regexp_replace({{ expr }}, {{ lineage_warehouse.sql_string(pattern) }}, {{ lineage_warehouse.sql_string(java_replacement) }})
{%- endmacro %}
