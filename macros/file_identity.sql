{#- Upgrading a warehouse landed before files were identified by their normalised path
    (docs/decisions/landing-file-identity.md). Such a warehouse named each file by its path relative to the glob's base
    folder.
    The first incremental landing with this code (pre-hook of raw_event_lines) renames, in place, every stored
    `source_file` of every incremental model to the file's normalised path (derived from raw_event_lines'
    source_path), so nothing is read, parsed or landed again; then it records the identity in
    `landing_file_identity`. When two files already share an old name, their downstream rows cannot be told
    apart: the build stops and asks for --full-refresh. -#}

{% macro landing_file_identity() -%}
    {{ return(lineage_warehouse.relation_beside_landing('landing_file_identity')) }}
{%- endmacro %}

{% macro create_landing_file_identity() -%}
    {%- set identity = lineage_warehouse.landing_file_identity() -%}
    {%- do run_query('create table if not exists ' ~ identity ~ ' (identity string, recorded_at timestamp)') -%}
    {{ return(identity) }}
{%- endmacro %}

{#- pre-hook of raw_event_lines. -#}
{% macro upgrade_file_identity(glob) -%}
    {%- if not (execute and lineage_warehouse.is_appending()) -%}
        {{ return('') }}
    {%- endif -%}
    {%- set identity = lineage_warehouse.create_landing_file_identity() -%}
    {%- if run_query("select count(*) from " ~ identity ~ " where identity = 'normalised_path'").columns[0].values()[0] > 0 -%}
        {{ return('') }}
    {%- endif -%}
    {%- set mapping = lineage_warehouse.relation_beside_landing('landing_file_identity_upgrade') -%}
    {%- do lineage_warehouse.replace_table(mapping, 'select distinct source_file as old_value, '
        ~ lineage_warehouse.normalised_file_path('source_path', glob, url_encoded=true) ~ ' as new_value from ' ~ this) -%}
    {%- set shared = run_query('select old_value from ' ~ mapping ~ ' group by old_value having count(*) > 1') -%}
    {%- if shared.rows | length > 0 -%}
        {{ exceptions.raise_compiler_error("lineage_warehouse: files landed before the upgrade share a name ('"
            ~ shared.rows[0][0] ~ "'); their rows cannot be told apart: run dbt build --full-refresh") }}
    {%- endif -%}
    {%- for node in lineage_warehouse.project_incremental_models() -%}
        {%- set relation = adapter.get_relation(node.database, node.schema, node.alias) -%}
        {%- if relation is not none and 'source_file' in adapter.get_columns_in_relation(relation)
            | map(attribute='name') | map('lower') | list -%}
            {%- do lineage_warehouse.replace_column_values(relation, 'source_file', mapping) -%}
        {%- endif -%}
    {%- endfor -%}
    {%- do run_query('drop table if exists ' ~ mapping) -%}
    {{ return(lineage_warehouse.mark_file_identity()) }}
{%- endmacro %}

{#- post-hook of raw_event_lines: the stored names are normalised paths (after a fresh build or an upgrade). -#}
{% macro mark_file_identity() -%}
    {%- if not execute -%}
        {{ return('') }}
    {%- endif -%}
    {%- set identity = lineage_warehouse.create_landing_file_identity() -%}
    insert into {{ identity }}
    select 'normalised_path' as identity, current_timestamp as recorded_at
    where not exists (select 1 from {{ identity }} where identity = 'normalised_path')
{%- endmacro %}
