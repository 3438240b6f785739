{#- Per landed file: records (`lines`), placed (`parsed`), quarantined, and byte-identical duplicates
    among the placed ones. lines = parsed + quarantined, always. -#}

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
        raw_lines.source_file,
        cast(coalesce(per_file.lines, 0) as bigint) as lines,
        cast(coalesce(per_file.parsed, 0) as bigint) as parsed,
        cast(coalesce(per_file.quarantined, 0) as bigint) as quarantined,
        cast(coalesce(per_file.duplicates, 0) as bigint) as duplicates,
        cast(raw_lines.physical_lines as bigint) as physical_lines
    from raw_lines
    left join per_file
        on raw_lines.source_file = per_file.source_file
)

select * from final
