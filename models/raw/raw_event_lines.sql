{#- Landing: every non-blank line of every file matched by var('events_path'), verbatim, once.
    A file is named by its normalised path (source_file); a line is identified by (source_file, line_number,
    line_hash): landing the same files again adds nothing, a new file (or new lines appended to a file) adds only
    its lines, numbered with the next landing_batch (macros/incremental.sql). Files whose size and modification
    time are already recorded are not read again, unreadable files are recorded instead of read, a last line
    still being written waits, and the landed lines a file rewritten in place no longer holds are removed
    (macros/landed_files.sql, macros/superseded_lines.sql). -#}
{{
    config(
        materialized='incremental',
        incremental_strategy=lineage_warehouse.incremental_strategy('append_only'),
        on_schema_change='fail',
        pre_hook=["{{ lineage_warehouse.upgrade_file_identity(lineage_warehouse.events_glob()) }}"],
        post_hook=[
            "{{ lineage_warehouse.record_landed_file_states() }}",
            "{{ lineage_warehouse.record_unreadable_event_files() }}",
            "{{ lineage_warehouse.mark_file_identity() }}"
        ]
    )
}}

{%- set glob = lineage_warehouse.events_glob() %}
{%- set files = lineage_warehouse.prepare_landing(glob) %}

with

landable_lines as (
    {{ lineage_warehouse.landable_lines(lineage_warehouse.read_event_lines(files, glob)) }}
),

listed_files as (
    select
        file_key,
        source_file,
        source_path
    from {{ lineage_warehouse.landing_files() }}
),

named_lines as (
    select
        listed_files.source_file,
        listed_files.source_path,
        landable_lines.line_number,
        landable_lines.line_text
    from landable_lines
    inner join listed_files
        on landable_lines.file_key = listed_files.file_key
),

final as (
    select
        source_file,
        line_number,
        {{ lineage_warehouse.sha256_hex('line_text') }} as line_hash,
        line_text as payload,
        source_path,
        {{ lineage_warehouse.next_landing_batch() }} as landing_batch
    from named_lines
)

select * from final
{% if is_incremental() %}
    where not exists (
        select 1
        from {{ this }} as landed
        where
            landed.source_file = final.source_file
            {%- if files %}
            and {{ lineage_warehouse.is_one_of_files('landed.source_file', files) }}
            {%- endif %}
            and landed.line_number = final.line_number
            and landed.line_hash = final.line_hash
    )
{% endif %}
