{#- Make the statements a macro ran with run_query() durable. dbt opens a transaction on DuckDB for them and
    rolls it back when the hook or operation that ran them ends; Spark SQL statements take effect at once. -#}
{% macro commit_transaction() -%}
    {{ return(adapter.dispatch('commit_transaction', 'lineage_warehouse')()) }}
{%- endmacro %}

{% macro default__commit_transaction() -%}
    {{ lineage_warehouse.not_supported('commit_transaction') }}
{%- endmacro %}

{% macro duckdb__commit_transaction() -%}
    {%- do adapter.commit() -%}
{%- endmacro %}

{% macro spark__commit_transaction() -%}
{%- endmacro %}
