{#- For tests/test_incremental.py (`dbt run-operation delete_matching_rows_probe`): delete from `schema`.`table`,
    partitioned by refold_partition_by(), the rows whose id is a ledger_id of `schema`.`ledger`, as a refold's
    pre-hook deletes its scope. -#}
{% macro delete_matching_rows_probe(schema, table, ledger) -%}
    {%- set stored = api.Relation.create(schema=schema, identifier=table, type='table') -%}
    {%- set ledger_relation = api.Relation.create(schema=schema, identifier=ledger, type='table') -%}
    {%- do lineage_warehouse.delete_matching_rows(stored, ledger_relation, [('id', 'ledger_id')],
        lineage_warehouse.refold_partition_by()) -%}
{%- endmacro %}
