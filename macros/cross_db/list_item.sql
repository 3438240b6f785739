{#- The item at 0-based position `index` (an integer) of the engine array `list_expr`; NULL past the end. -#}
{% macro list_item(list_expr, index) -%}
    {{ return(adapter.dispatch('list_item', 'lineage_warehouse')(list_expr, index)) }}
{%- endmacro %}

{% macro default__list_item(list_expr, index) -%}
    {{ lineage_warehouse.not_supported('list_item') }}
{%- endmacro %}

{% macro duckdb__list_item(list_expr, index) -%}
    {{ list_expr }}[{{ index + 1 }}]
{%- endmacro %}

{% macro spark__list_item(list_expr, index) -%}
    {{ list_expr }}[{{ index }}]
{%- endmacro %}
