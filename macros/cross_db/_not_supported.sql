{#- Shared body of every default__ implementation: a dialect we do not support fails loudly. -#}
{% macro not_supported(macro_name) -%}
    {{ exceptions.raise_compiler_error("lineage_warehouse: " ~ macro_name ~ " is not implemented for adapter '" ~ adapter.type() ~ "' (supported: duckdb, spark)") }}
{%- endmacro %}
