{#- Delete, in place, the rows of `relation` that match a row of `ledger`: `keys` pairs an expression over
    the relation's columns with a ledger column (ledger column names must not collide with the relation's,
    so the expressions stay unqualified). Runs the statements; returns nothing. -#}
{% macro delete_matching_rows(relation, ledger, keys) -%}
    {{ return(adapter.dispatch('delete_matching_rows', 'lineage_warehouse')(relation, ledger, keys)) }}
{%- endmacro %}

{% macro default__delete_matching_rows(relation, ledger, keys) -%}
    {{ lineage_warehouse.not_supported('delete_matching_rows') }}
{%- endmacro %}

{%- macro matches_ledger_row(ledger, keys) -%}
    exists (
        select 1 from {{ ledger }}
        where {% for expression, ledger_column in keys %}{{ ledger_column }} = {{ expression }}{% if not loop.last %} and {% endif %}{% endfor %}
    )
{%- endmacro %}

{#- DuckDB deletes in place. -#}
{% macro duckdb__delete_matching_rows(relation, ledger, keys) -%}
    {%- do run_query('delete from ' ~ relation ~ ' where ' ~ lineage_warehouse.matches_ledger_row(ledger, keys)) -%}
{%- endmacro %}

{#- Spark without Delta or Iceberg has no DELETE: the kept rows go to a side table, which then overwrites the
    relation (a table cannot be overwritten from a query that reads it). -#}
{% macro spark__delete_matching_rows(relation, ledger, keys) -%}
    {%- set kept = relation.incorporate(path={'identifier': relation.identifier ~ '__retained'}) -%}
    {%- do run_query('drop table if exists ' ~ kept) -%}
    {%- do run_query('create table ' ~ kept ~ ' as select * from ' ~ relation
        ~ ' where not ' ~ lineage_warehouse.matches_ledger_row(ledger, keys)) -%}
    {%- do run_query('insert overwrite table ' ~ relation ~ ' select * from ' ~ kept) -%}
    {%- do run_query('drop table if exists ' ~ kept) -%}
{%- endmacro %}
