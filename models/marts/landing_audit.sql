{#- Per landed file: records (`lines`), placed (`parsed`), quarantined, and byte-identical duplicates
    among the placed ones. lines = parsed + quarantined, always. A file landing could not read, or read only in
    part, is listed too, with its reason (raw.unreadable_event_files, written by raw_event_lines' post-hook). -#}

with

records as (
    select * from {{ ref('stg_event_envelopes') }}
),

raw_lines as (
    select
        source_file,
        count(*) as physical_lines
    from {{ ref('raw_event_lines') }}
    group by source_file
),

unreadable as (
    select
        source_file,
        reason_description
    from (
        select
            source_file,
            reason_description,
            row_number() over (
                partition by source_file order by landing_batch desc, modified_epoch_s desc, reason_description asc
            ) as newest
        from {{ lineage_warehouse.unreadable_event_files() }}
    ) as recorded
    where newest = 1
),

known_files as (
    select source_file from raw_lines
    union
    select source_file from unreadable
),

ranked as (
    select
        source_file,
        quarantine_reason,
        row_number() over (
            partition by case when quarantine_reason is null then record_hash end
            order by source_file, line_number, element_index
        ) as copy_number
    from records
),

per_file as (
    select
        source_file,
        count(*) as lines,
        sum(case when quarantine_reason is null then 1 else 0 end) as parsed,
        sum(case when quarantine_reason is not null then 1 else 0 end) as quarantined,
        sum(case when quarantine_reason is null and copy_number > 1 then 1 else 0 end) as duplicates
    from ranked
    group by source_file
),

final as (
    select
        known_files.source_file,
        cast(coalesce(per_file.lines, 0) as bigint) as lines,
        cast(coalesce(per_file.parsed, 0) as bigint) as parsed,
        cast(coalesce(per_file.quarantined, 0) as bigint) as quarantined,
        cast(coalesce(per_file.duplicates, 0) as bigint) as duplicates,
        cast(coalesce(raw_lines.physical_lines, 0) as bigint) as physical_lines,
        unreadable.reason_description as unreadable_reason
    from known_files
    left join raw_lines
        on known_files.source_file = raw_lines.source_file
    left join per_file
        on known_files.source_file = per_file.source_file
    left join unreadable
        on known_files.source_file = unreadable.source_file
)

select * from final
