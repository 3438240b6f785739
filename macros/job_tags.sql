{#- 'key:value[:source]' tag texts (§3.3, Airflow and dbt): the key is the text before the first ':', the value
    the text between the first and the second ':' (Python `key, value, *_ = text.split(":")`). -#}
{% macro tag_kv_key(expr) -%}
    coalesce({{ lineage_warehouse.regex_extract(expr, '^([^:]*)', 1) }}, '')
{%- endmacro %}

{% macro tag_kv_value(expr) -%}
    coalesce({{ lineage_warehouse.regex_extract(expr, '^[^:]*:([^:]*)', 1) }}, '')
{%- endmacro %}
