{#- A file rewritten in place (docs/decisions/landing-file-rewritten-in-place.md). A landed line is
    identified by (source_file, line_number, line_hash), so landing a changed file adds the lines it now holds;
    the lines it no longer holds (another text at their line number, or past its new end) are superseded. When a
    run lands, each file it reads again (its size or modification time changed) that already has landed lines is
    read once more here, before raw_event_lines lands anything, and its landed lines that the file no longer holds
    are deleted from raw. Those lines' records, events and every fold of them are in the derived layers, where an
    event may also be kept by a duplicate in another file, so the derived layers are dropped and the models of
    this run build them again from the landed lines: the warehouse a fresh build of the same files gives. A file
    that only grew supersedes nothing and costs that one more read. -#}

{#- The landed lines of `files` (read_event_lines' list, readable files this run reads) that the files no longer
    hold, as a SELECT of superseded_source_file, superseded_line_number and superseded_line_hash. -#}
{% macro superseded_lines(files, glob) -%}
    with

    current_lines as (
        select
            listed.source_file,
            lines.line_number,
            {{ lineage_warehouse.sha256_hex('lines.line_text') }} as line_hash
        from (
            {{ lineage_warehouse.landable_lines(lineage_warehouse.read_event_lines(files, glob)) }}
        ) as lines
        inner join {{ lineage_warehouse.landing_files() }} as listed
            on lines.file_key = listed.file_key
    )

    select
        landed.source_file as superseded_source_file,
        landed.line_number as superseded_line_number,
        landed.line_hash as superseded_line_hash
    from {{ this }} as landed
    where
        {{ lineage_warehouse.is_one_of_files('landed.source_file', files) }}
        and not exists (
            select 1
            from current_lines
            where
                current_lines.source_file = landed.source_file
                and current_lines.line_number = landed.line_number
                and current_lines.line_hash = landed.line_hash
        )
{%- endmacro %}

{#- Called by prepare_landing while raw_event_lines compiles, on `dbt run` and `dbt build` of a warehouse that
    has landed lines: remove the superseded lines of the files this run reads (a gzip stream that breaks is left
    alone: its lines past the break are unknown), then drop the derived layers when any was removed. -#}
{% macro remove_superseded_lines(files, glob) -%}
    {%- set whole_files = files | rejectattr('truncated') | list -%}
    {%- if not execute or flags.WHICH not in ('run', 'build') or not whole_files -%}
        {{ return(none) }}
    {%- endif -%}
    {%- set landed_names = run_query('select distinct source_file from ' ~ this ~ ' where '
        ~ lineage_warehouse.is_one_of_files('source_file', whole_files)).columns[0].values() | list -%}
    {%- set landed_files = whole_files | selectattr('name', 'in', landed_names) | list -%}
    {%- if not landed_files -%}
        {{ return(none) }}
    {%- endif -%}
    {%- set ledger = lineage_warehouse.landing_relation('superseded_lines') -%}
    {%- do lineage_warehouse.replace_table(ledger, lineage_warehouse.superseded_lines(landed_files, glob)) -%}
    {%- set superseded = run_query('select count(*) from ' ~ ledger).columns[0].values()[0] | int -%}
    {%- if superseded > 0 -%}
        {%- do lineage_warehouse.delete_matching_rows(this, ledger, [
            ('source_file', 'superseded_source_file'), ('line_number', 'superseded_line_number'),
            ('line_hash', 'superseded_line_hash')]) -%}
        {%- do lineage_warehouse.drop_derived_layers() -%}
        {%- do log('lineage_warehouse: ' ~ superseded ~ ' landed lines of ' ~ landed_files | length ~ ' file(s) read'
            ~ ' again are no longer in them (rewritten in place): removed from raw; the derived layers are rebuilt'
            ~ ' from the landed lines', info=true) -%}
    {%- endif -%}
    {%- do run_query('drop table if exists ' ~ ledger) -%}
    {%- do lineage_warehouse.commit_transaction() -%}
{%- endmacro %}
