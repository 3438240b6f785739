{#- The keyword that makes the engine compute a CTE once before the query that reads it (DuckDB: `materialized`,
    so a long chain of CTEs is planned level by level instead of as one deep inlined tree). Spark has no such
    keyword: nothing (its planner inlines a CTE that is read once). -#}
{% macro cte_materialized() -%}
    {{ return(adapter.dispatch('cte_materialized', 'lineage_warehouse')()) }}
{%- endmacro %}

{% macro default__cte_materialized() -%}
    {{ lineage_warehouse.not_supported('cte_materialized') }}
{%- endmacro %}

{% macro duckdb__cte_materialized() -%}
    materialized
{%- endmacro %}

{% macro spark__cte_materialized() -%}
{%- endmacro %}
