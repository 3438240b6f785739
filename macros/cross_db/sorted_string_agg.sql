{#- Aggregate: the non-NULL texts of a group, sorted (binary order), joined by `separator`; NULL when there are
    none. ordered_string_agg with the texts as their own order, but DuckDB keeps a plain list per group where an
    ordered aggregate keeps a sort state it cannot spill, so the list form stays within the memory limit on large
    groups (docs/decisions/duckdb-sorted-lists.md). -#}
{% macro sorted_string_agg(expr, separator) -%}
    {{ return(adapter.dispatch('sorted_string_agg', 'lineage_warehouse')(expr, separator)) }}
{%- endmacro %}

{% macro default__sorted_string_agg(expr, separator) -%}
    {{ lineage_warehouse.not_supported('sorted_string_agg') }}
{%- endmacro %}

{% macro duckdb__sorted_string_agg(expr, separator) -%}
    list_aggr(list_sort(list({{ expr }})), 'string_agg', {{ separator }})
{%- endmacro %}

{% macro spark__sorted_string_agg(expr, separator) -%}
    case when count({{ expr }}) > 0 then array_join(array_sort(collect_list({{ expr }})), {{ separator }}) end
{%- endmacro %}
