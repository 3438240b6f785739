{#- Landing skips unchanged files (docs/decisions.md "Landing: skipping files already landed"). After each
    landing, a post-hook of raw_event_lines records the state (size, modification second) of every file it has
    now landed whole; the next landing lists the files without opening them and reads only those whose state
    is not recorded. A file's lines are still identified by (source_file, line_number, line_hash), so a file
    that is re-read adds only the lines it did not have. -#}

{#- The relation of recorded file states, next to raw_event_lines. -#}
{% macro landed_file_states() -%}
    {{ return(lineage_warehouse.relation_beside_landing('landed_file_states')) }}
{%- endmacro %}

{#- The files landing must read, as read_event_lines' `files` list, or none to read every file (a fresh or fully
    refreshed table, no recorded state yet, or at parse time). -#}
{% macro event_files_to_read(glob) -%}
    {%- if not (execute and lineage_warehouse.is_appending()) -%}
        {{ return(none) }}
    {%- endif -%}
    {%- set states = lineage_warehouse.landed_file_states() -%}
    {%- if adapter.get_relation(states.database, states.schema, states.identifier) is none -%}
        {{ return(none) }}
    {%- endif -%}
    {%- set query -%}
        select
            listed.source_path,
            {{ lineage_warehouse.relative_file_name('listed.source_path', lineage_warehouse.glob_base_dir(glob)) }}
                as source_file
        from ({{ lineage_warehouse.list_event_files(glob) }}) as listed
        where not {{ lineage_warehouse.is_recorded_file_state('listed', states) }}
        order by listed.source_path
    {%- endset -%}
    {%- set files = [] -%}
    {%- for row in run_query(query).rows -%}
        {%- do files.append({'path': row[0], 'name': row[1]}) -%}
    {%- endfor -%}
    {{ return(files) }}
{%- endmacro %}

{#- A condition on a row `listed` of list_event_files: its file's state is recorded in `states`. -#}
{% macro is_recorded_file_state(listed, states) -%}
    exists (
        select 1
        from {{ states }} as recorded
        where
            recorded.source_path = {{ listed }}.source_path
            and recorded.file_size = {{ listed }}.file_size
            and recorded.modified_epoch_s = {{ listed }}.modified_epoch_s
    )
{%- endmacro %}

{#- Seconds since the Unix epoch at which this dbt invocation started (run_started_at is UTC). -#}
{% macro run_started_epoch_s() -%}
    {%- set started = run_started_at.replace(tzinfo=none) -%}
    {{ return(((started - modules.datetime.datetime(1970, 1, 1)).total_seconds()) | int) }}
{%- endmacro %}

{#- post-hook of raw_event_lines: record the state of every file matched by the glob that was last modified
    before the second this invocation started, unless already recorded. Such a file did not change while it was
    read, so it has been landed whole; a file modified later (even while landing ran) is read again next time. -#}
{% macro record_landed_file_states(glob) -%}
    {%- if not execute -%}
        {{ return('') }}
    {%- endif -%}
    {%- set states = lineage_warehouse.landed_file_states() -%}
    {%- do run_query('create table if not exists ' ~ states
        ~ ' (source_path string, file_size bigint, modified_epoch_s bigint, landing_batch bigint)') -%}
    insert into {{ states }}
    select
        listed.source_path,
        listed.file_size,
        listed.modified_epoch_s,
        (select coalesce(max(landing_batch), 0) from {{ this }}) as landing_batch
    from ({{ lineage_warehouse.list_event_files(glob) }}) as listed
    where
        listed.modified_epoch_s < {{ lineage_warehouse.run_started_epoch_s() }}
        and not {{ lineage_warehouse.is_recorded_file_state('listed', states) }}
{%- endmacro %}

{#- A condition: the file name `name_expr` is the name of one of `files` (read_event_lines' list). -#}
{% macro is_one_of_files(name_expr, files) -%}
    {{ name_expr }} in ({{ lineage_warehouse.sql_strings(files | map(attribute='name')) }})
{%- endmacro %}

{#- The values as SQL string literals, comma-separated. -#}
{% macro sql_strings(values) -%}
    {%- set quoted = [] -%}
    {%- for value in values -%}{%- do quoted.append(lineage_warehouse.sql_string(value)) -%}{%- endfor -%}
    {{ return(quoted | join(', ')) }}
{%- endmacro %}
