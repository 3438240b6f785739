{#- The keyword that makes the engine read a CTE's source again at each reference instead of computing the CTE
    once into a temporary copy (DuckDB: `not materialized`). For a CTE that only filters and projects a stored
    table, read by several branches of one query: DuckDB would otherwise copy every column of every row it keeps
    and scan that row-wise copy once per branch, while each inlined branch reads only the columns it needs from the
    table (docs/decisions/duckdb-inlined-ctes.md). Spark: nothing (its planner inlines
    such a CTE already). -#}
{% macro cte_inlined() -%}
    {{ return(adapter.dispatch('cte_inlined', 'lineage_warehouse')()) }}
{%- endmacro %}

{% macro default__cte_inlined() -%}
    {{ lineage_warehouse.not_supported('cte_inlined') }}
{%- endmacro %}

{% macro duckdb__cte_inlined() -%}
    not materialized
{%- endmacro %}

{% macro spark__cte_inlined() -%}
{%- endmacro %}
