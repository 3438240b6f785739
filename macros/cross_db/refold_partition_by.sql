{#- The partition column of a refold table (docs/decisions/spark-refold-partitions.md), or none. Spark has no DELETE on
    plain tables, so a refold rewrites the partitions that hold the rows it
    replaces (spark__delete_matching_rows); DuckDB deletes in place and keeps its tables unpartitioned. -#}
{% macro refold_partition_by() -%}
    {{ return(adapter.dispatch('refold_partition_by', 'lineage_warehouse')()) }}
{%- endmacro %}

{% macro default__refold_partition_by() -%}
    {{ lineage_warehouse.not_supported('refold_partition_by') }}
{%- endmacro %}

{% macro duckdb__refold_partition_by() -%}
    {{ return(none) }}
{%- endmacro %}

{% macro spark__refold_partition_by() -%}
    {{ return('refold_partition') }}
{%- endmacro %}
