{#- An engine array of the given expressions (a list of SQL texts), in order. -#}
{% macro list_of(exprs) -%}
    {{ return(adapter.dispatch('list_of', 'lineage_warehouse')(exprs)) }}
{%- endmacro %}

{% macro default__list_of(exprs) -%}
    {{ lineage_warehouse.not_supported('list_of') }}
{%- endmacro %}

{% macro duckdb__list_of(exprs) -%}
    list_value({{ exprs | join(', ') }})
{%- endmacro %}

{% macro spark__list_of(exprs) -%}
    array({{ exprs | join(', ') }})
{%- endmacro %}
