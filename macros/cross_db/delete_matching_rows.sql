{#- Delete, in place, the rows of `relation` that match a row of `ledger`: `keys` pairs an expression over
    the relation's columns with a ledger column (ledger column names must not collide with the relation's,
    so the expressions stay unqualified). `partition_column` names the relation's partition column when it has one
    (refold_partition_by()). Runs the statements; returns nothing. -#}
{% macro delete_matching_rows(relation, ledger, keys, partition_column=none) -%}
    {{ return(adapter.dispatch('delete_matching_rows', 'lineage_warehouse')(relation, ledger, keys, partition_column)) }}
{%- endmacro %}

{% macro default__delete_matching_rows(relation, ledger, keys, partition_column=none) -%}
    {{ lineage_warehouse.not_supported('delete_matching_rows') }}
{%- endmacro %}

{%- macro matches_ledger_row(ledger, keys) -%}
    exists (
        select 1 from {{ ledger }}
        where {% for expression, ledger_column in keys %}{{ ledger_column }} = {{ expression }}{% if not loop.last %} and {% endif %}{% endfor %}
    )
{%- endmacro %}

{#- DuckDB deletes in place, the key tuple IN the ledger's: DuckDB plans that as a hash semi join, cheaper than the
    correlated EXISTS of matches_ledger_row on large tables. A NULL key matches no ledger row in either form. -#}
{% macro duckdb__delete_matching_rows(relation, ledger, keys, partition_column=none) -%}
    {%- do run_query('delete from ' ~ relation ~ ' where (' ~ keys | map(attribute=0) | join(', ')
        ~ ') in (select ' ~ keys | map(attribute=1) | join(', ') ~ ' from ' ~ ledger ~ ')') -%}
{%- endmacro %}

{#- Spark without Delta or Iceberg has no DELETE. An unpartitioned relation: the kept rows go to a side table, which
    then overwrites the relation. A partitioned one (docs/decisions/spark-refold-partitions.md): one scan of the key
    columns finds the partitions holding a matching row, and whether each keeps
    any other; those that do are overwritten with their kept rows (dynamic partition overwrite replaces only the
    partitions the query writes, and may read the table it writes), those that do not are dropped. The other
    partitions are not read and not written. -#}
{% macro spark__delete_matching_rows(relation, ledger, keys, partition_column=none) -%}
    {%- if partition_column is none -%}
        {%- set kept = relation.incorporate(path={'identifier': relation.identifier ~ '__retained'}) -%}
        {%- do run_query('drop table if exists ' ~ kept) -%}
        {%- do run_query('create table ' ~ kept ~ ' as select * from ' ~ relation
            ~ ' where not ' ~ lineage_warehouse.matches_ledger_row(ledger, keys)) -%}
        {%- do run_query('insert overwrite table ' ~ relation ~ ' select * from ' ~ kept) -%}
        {%- do run_query('drop table if exists ' ~ kept) -%}
        {{ return(none) }}
    {%- endif -%}
    {%- set touched_query -%}
        select rows.{{ partition_column }}, max(case when ledger_keys.matched is null then 1 else 0 end) as keeps_rows
        from {{ relation }} as rows
        left join (
            select distinct {% for expression, ledger_column in keys %}{{ ledger_column }}{% if not loop.last %}, {% endif %}{% endfor %}, 1 as matched
            from {{ ledger }}
        ) as ledger_keys
            on {% for expression, ledger_column in keys %}ledger_keys.{{ ledger_column }} = {{ expression }}{% if not loop.last %} and {% endif %}{% endfor %}
        group by rows.{{ partition_column }}
        having max(ledger_keys.matched) = 1
    {%- endset -%}
    {%- set touched = run_query(touched_query) -%}
    {%- set rewritten = [] -%}
    {%- set emptied = [] -%}
    {%- for row in touched.rows -%}
        {%- do (rewritten if row[1] | int == 1 else emptied).append(lineage_warehouse.sql_string(row[0])) -%}
    {%- endfor -%}
    {%- if rewritten -%}
        {%- do run_query('insert overwrite table ' ~ relation ~ ' partition (' ~ partition_column ~ ') select * from '
            ~ relation ~ ' where ' ~ partition_column ~ ' in (' ~ rewritten | join(', ') ~ ') and not '
            ~ lineage_warehouse.matches_ledger_row(ledger, keys)) -%}
    {%- endif -%}
    {%- if emptied -%}
        {%- set specs = [] -%}
        {%- for value in emptied -%}
            {%- do specs.append('partition (' ~ partition_column ~ ' = ' ~ value ~ ')') -%}
        {%- endfor -%}
        {%- do run_query('alter table ' ~ relation ~ ' drop if exists ' ~ specs | join(', ')) -%}
    {%- endif -%}
{%- endmacro %}
