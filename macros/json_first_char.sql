{#- The first character of a text after leading JSON whitespace: tells an object ('{') from an array ('['). -#}
{% macro json_first_char(expr) -%}
    {{ lineage_warehouse.regex_extract(expr, '^[ \t\r\n]*(.)', 1) }}
{%- endmacro %}
