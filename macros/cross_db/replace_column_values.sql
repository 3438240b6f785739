{#- Rewrite, in place, `column` of every row of `relation` whose value is a `mapping` row's old_value to its
    new_value (mapping: a relation with columns old_value, new_value, at most one row per old_value). Runs the
    statements; returns nothing. -#}
{% macro replace_column_values(relation, column, mapping) -%}
    {{ return(adapter.dispatch('replace_column_values', 'lineage_warehouse')(relation, column, mapping)) }}
{%- endmacro %}

{% macro default__replace_column_values(relation, column, mapping) -%}
    {{ lineage_warehouse.not_supported('replace_column_values') }}
{%- endmacro %}

{% macro duckdb__replace_column_values(relation, column, mapping) -%}
    {%- do run_query('update ' ~ relation ~ ' set ' ~ column ~ ' = mapped.new_value from ' ~ mapping
        ~ ' as mapped where ' ~ relation ~ '.' ~ column ~ ' = mapped.old_value') -%}
{%- endmacro %}

{#- Spark without Delta or Iceberg has no UPDATE: the rewritten rows go to a side table, which then overwrites the
    relation (a table cannot be overwritten from a query that reads it). -#}
{% macro spark__replace_column_values(relation, column, mapping) -%}
    {%- set columns = [] -%}
    {%- for existing in adapter.get_columns_in_relation(relation) -%}
        {%- if existing.name | lower == column | lower -%}
            {%- do columns.append('coalesce(mapped.new_value, stored.' ~ column ~ ') as ' ~ column) -%}
        {%- else -%}
            {%- do columns.append('stored.' ~ existing.name) -%}
        {%- endif -%}
    {%- endfor -%}
    {%- set rewritten = relation.incorporate(path={'identifier': relation.identifier ~ '__rewritten'}) -%}
    {%- do run_query('drop table if exists ' ~ rewritten) -%}
    {%- do run_query('create table ' ~ rewritten ~ ' as select ' ~ columns | join(', ') ~ ' from ' ~ relation
        ~ ' as stored left join ' ~ mapping ~ ' as mapped on stored.' ~ column ~ ' = mapped.old_value') -%}
    {%- do run_query('insert overwrite table ' ~ relation ~ ' select * from ' ~ rewritten) -%}
    {%- do run_query('drop table if exists ' ~ rewritten) -%}
{%- endmacro %}
