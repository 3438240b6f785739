{#- Landing: every non-blank line of every file matched by var('events_path'), verbatim, once.
    A file is named by its normalised path (source_file); a line is identified by (source_file, line_number,
    line_hash): landing the same files again adds nothing, a new file (or new lines appended to a file) adds only
    its lines, numbered with the next landing_batch (macros/incremental.sql). Files whose size and modification
    time are already recorded are not read again, unreadable files are recorded instead of read, and a last line
    still being written waits (macros/landed_files.sql). -#}
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

scanned as (
    {{ lineage_warehouse.read_event_lines(files, glob) }}
),

listed_files as (
    select
        file_key,
        source_file,
        source_path
    from {{ lineage_warehouse.landing_files() }}
),

complete_lines as (
    select
        listed_files.source_file,
        listed_files.source_path,
        scanned.line_number,
        scanned.line_text
    from scanned
    inner join listed_files
        on scanned.file_key = listed_files.file_key
    where scanned.line_is_complete
),

without_carriage_returns as (
    select
        source_file,
        source_path,
        line_number,
        case
            when right(line_text, 1) = chr(13) then substr(line_text, 1, length(line_text) - 1)
            else line_text
        end as line_text
    from complete_lines
),

non_blank as (
    select
        source_file,
        source_path,
        cast(line_number as bigint) as line_number,
        line_text
    from without_carriage_returns
    where {{ lineage_warehouse.regex_matches('line_text', '[^ \t\n\r]') }}
),

final as (
    select
        source_file,
        line_number,
        {{ lineage_warehouse.sha256_hex('line_text') }} as line_hash,
        line_text as payload,
        source_path,
        {{ lineage_warehouse.next_landing_batch() }} as landing_batch
    from non_blank
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
