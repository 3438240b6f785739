{#- Placed events, one row per distinct content (D1: byte-identical duplicates count once). The kept
    copy is the first by (source_file, line_number, element_index); `copies` says how many were landed.
    A missing or unknown eventType is read as OTHER (D5). -#}

with

envelopes as (
    select * from {{ ref('stg_event_envelopes') }}
    where quarantine_reason is null
),

numbered as (
    select
        *,
        row_number() over (
            partition by record_hash
            order by source_file, line_number, element_index
        ) as copy_number,
        count(*) over (partition by record_hash) as copies
    from envelopes
),

final as (
    select
        record_hash as event_hash,
        event_time,
        case
            when event_type_text in ('START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER') then event_type_text
            else 'OTHER'
        end as event_type,
        event_type_text as event_type_raw,
        run_id,
        job_namespace,
        job_name,
        producer,
        record_text as payload,
        source_file,
        line_number,
        element_index,
        copies
    from numbered
    where copy_number = 1
)

select * from final
