{#- Upgrading a warehouse built by an earlier version of the project
    (docs/decisions/upgrades-derived-layers-rebuilt.md). Raw (the landed lines and the landing's own records) is the
    only copy of what was
    landed and is never rebuilt; every other layer is derived from it. The appended rows of the derived
    incremental models were written by the code of their day: when the project changes what those rows hold
    (their columns, or what a row says), derived_layers_version changes, and the first `dbt run` or `dbt build`
    of the new version drops the derived incremental models and the bookkeeping derived with them, so that they
    are built again from every landed line. A selection that leaves out some derived incremental model cannot do
    that: it stops and asks for a whole build. -#}

{#- The version of what the derived incremental models hold. Bump it in any change after which rows already
    stored by such a model differ from what the new code writes; tests/test_upgrade.py fails when the columns of
    the derived incremental models change and it was not bumped (it names the digest to write here). -#}
{% macro derived_layers_version() -%}
    {{ return('30-de9b8d7777c7') }}
{%- endmacro %}

{#- The bookkeeping tables beside raw_event_lines that are derived from models, not from landing: dropped with
    the derived models (operation_runs_built and run_jobs_built are no longer written: the refolds' touched scope
    replaced them; they are dropped from a warehouse an older version built). -#}
{% macro derived_bookkeeping_tables() -%}
    {{ return(['landing_batch_watermarks', 'fold_rebuild_triggers', 'namespace_locations_built',
               'operation_runs_built', 'run_jobs_built']) }}
{%- endmacro %}

{% macro derived_layers_version_table() -%}
    {{ return(lineage_warehouse.relation_beside_landing('derived_layers_version')) }}
{%- endmacro %}

{#- This project's incremental models, as graph nodes. They are found by package name: in a host project that
    installs this one as a package, `project_name` is the host's, and the host's own models are not ours to drop,
    rename or trim (upgrades, the file-identity upgrade, retention). -#}
{% macro project_incremental_models() -%}
    {%- set models = [] -%}
    {%- for node in graph.nodes.values() if node.resource_type == 'model' and node.package_name == 'lineage_warehouse'
        and node.config.materialized == 'incremental' -%}
        {%- do models.append(node) -%}
    {%- endfor -%}
    {{ return(models | sort(attribute='unique_id')) }}
{%- endmacro %}

{#- This project's incremental models outside raw, as nodes. -#}
{% macro derived_incremental_models() -%}
    {%- set landing_schema = lineage_warehouse.model_relation('raw_event_lines').schema -%}
    {{ return(lineage_warehouse.project_incremental_models() | rejectattr('schema', 'equalto', landing_schema) | list) }}
{%- endmacro %}

{#- The version the warehouse was built with: NULL when raw exists without a record (built before versions were
    recorded), 'none' when there is no warehouse yet. -#}
{% macro built_derived_layers_version() -%}
    {%- set landing = lineage_warehouse.model_relation('raw_event_lines') -%}
    {%- if adapter.get_relation(landing.database, landing.schema, landing.identifier) is none -%}
        {{ return('none') }}
    {%- endif -%}
    {%- set recorded = lineage_warehouse.derived_layers_version_table() -%}
    {%- if adapter.get_relation(recorded.database, recorded.schema, recorded.identifier) is none -%}
        {{ return(none) }}
    {%- endif -%}
    {%- set values = run_query('select max(version) from ' ~ recorded).columns[0].values() -%}
    {{ return(values[0]) }}
{%- endmacro %}

{#- on-run-start: drop the derived incremental models and the derived bookkeeping of a warehouse built by another
    version, then record this version. -#}
{% macro rebuild_outdated_derived_layers() -%}
    {%- if not execute or flags.WHICH not in ('run', 'build') -%}
        {{ return('') }}
    {%- endif -%}
    {%- set built = lineage_warehouse.built_derived_layers_version() -%}
    {%- if built in ('none', lineage_warehouse.derived_layers_version()) -%}
        {{ return('') }}
    {%- endif -%}
    {%- set models = lineage_warehouse.derived_incremental_models() -%}
    {%- set left_out = models | map(attribute='unique_id') | reject('in', selected_resources) | list -%}
    {%- if left_out -%}
        {{ exceptions.raise_compiler_error("lineage_warehouse: this warehouse was built by an earlier version of the"
            ~ " project (derived layers " ~ (built or 'unversioned') ~ ", now " ~ lineage_warehouse.derived_layers_version()
            ~ "): run a dbt build of every model once, which rebuilds them from the landed lines ("
            ~ left_out | length ~ " derived incremental models are not selected, e.g. " ~ left_out[0] ~ ")") }}
    {%- endif -%}
    {%- do lineage_warehouse.drop_derived_layers() -%}
    {%- do log("lineage_warehouse: derived layers of version " ~ (built or 'unversioned') ~ " dropped; they are"
        ~ " rebuilt from the landed lines (version " ~ lineage_warehouse.derived_layers_version() ~ ")", info=true) -%}
    {{ return(lineage_warehouse.record_derived_layers_version()) }}
{%- endmacro %}

{#- Drop the derived incremental models and the derived bookkeeping: the models that run next build them again
    from every landed line (an upgrade; landed lines removed from raw, macros/superseded_lines.sql). -#}
{% macro drop_derived_layers() -%}
    {%- for node in lineage_warehouse.derived_incremental_models() -%}
        {%- set relation = adapter.get_relation(node.database, node.schema, node.alias) -%}
        {%- if relation is not none -%}
            {%- do adapter.drop_relation(relation) -%}
        {%- endif -%}
    {%- endfor -%}
    {%- for name in lineage_warehouse.derived_bookkeeping_tables() -%}
        {%- do run_query('drop table if exists ' ~ lineage_warehouse.relation_beside_landing(name)) -%}
    {%- endfor -%}
{%- endmacro %}

{#- on-run-end (and after a drop): record this version once raw exists. -#}
{% macro record_derived_layers_version() -%}
    {%- if not execute or flags.WHICH not in ('run', 'build')
        or lineage_warehouse.built_derived_layers_version() in ('none', lineage_warehouse.derived_layers_version()) -%}
        {{ return('') }}
    {%- endif -%}
    {%- set recorded = lineage_warehouse.derived_layers_version_table() -%}
    {%- do run_query('drop table if exists ' ~ recorded) -%}
    {%- do run_query('create table ' ~ recorded ~ ' as select '
        ~ lineage_warehouse.sql_string(lineage_warehouse.derived_layers_version()) ~ ' as version, current_timestamp as recorded_at') -%}
    {{ return('') }}
{%- endmacro %}
