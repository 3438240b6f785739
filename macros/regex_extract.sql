{#- Capture group `group` of the first match of `pattern` in expr; NULL when nothing matches.
    regexp_extract has the same signature on DuckDB and Spark; only the literal's escaping differs. -#}
{% macro regex_extract(expr, pattern, group=0) -%}
    nullif(regexp_extract({{ expr }}, {{ lineage_warehouse.sql_string(pattern) }}, {{ group }}), '')
{%- endmacro %}
