{#- True when the engine computes a CTE marked by cte_materialized() once, so a query may read it several times
    at no cost (DuckDB). False when CTEs are inlined (Spark): a CTE read twice per level of an unrolled loop
    doubles the plan at every level, so callers read each level once and skip optional pre-filters. -#}
{% macro materializes_ctes() -%}
    {{ return(adapter.dispatch('materializes_ctes', 'lineage_warehouse')()) }}
{%- endmacro %}

{% macro default__materializes_ctes() -%}
    {{ lineage_warehouse.not_supported('materializes_ctes') }}
{%- endmacro %}

{% macro duckdb__materializes_ctes() -%}
    {{ return(true) }}
{%- endmacro %}

{% macro spark__materializes_ctes() -%}
    {{ return(false) }}
{%- endmacro %}
