{#- Placed events, one row per distinct content (D1: byte-identical duplicates count once). The kept
    copy is the first landed: of the earliest landing batch, then by (source_file, line_number,
    element_index); how many copies were landed is marts.landing_audit's business. A missing or unknown
    eventType of a RUN event is read as OTHER (D5); a static event (event_kind DATASET or JOB, D16) has no
    event_type and no run_id, a DatasetEvent no job either. Events older than the retention cutoff are not placed
    (macros/retention.sql). The event's text is not copied here: stg_event_records keeps it, and the models that
    read it join on the record (macros/record_texts.sql). Incremental: the placed records of unseen landing batches
    whose content is not here yet. -#}
{{ lineage_warehouse.append_batches_config() }}

with

envelopes as (
    select * from {{ ref('stg_event_envelopes') }}
    where
        quarantine_reason is null
        and {{ lineage_warehouse.in_unseen_batch() }}
        and {{ lineage_warehouse.is_retained('event_time') }}
),

-- events already placed by an earlier landing batch (none on a fresh or fully refreshed build)
known_events as (
    {%- if lineage_warehouse.is_appending() %}
        select event_hash from {{ this }}
    {%- else %}
        select record_hash as event_hash from envelopes
        where 1 = 0
    {%- endif %}
),

numbered as (
    select
        *,
        row_number() over (
            partition by record_hash
            order by source_file, line_number, element_index
        ) as copy_number
    from envelopes
),

final as (
    select
        numbered.record_hash as event_hash,
        numbered.event_time,
        numbered.event_kind,
        case
            when numbered.event_kind != 'RUN' then null
            when numbered.event_type_text in ('START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER')
                then numbered.event_type_text
            else 'OTHER'
        end as event_type,
        numbered.event_type_text as event_type_raw,
        numbered.run_id,
        numbered.job_namespace,
        numbered.job_name,
        numbered.producer,
        numbered.source_file,
        numbered.line_number,
        numbered.element_index,
        numbered.landing_batch
    from numbered
    left join known_events
        on numbered.record_hash = known_events.event_hash
    where numbered.copy_number = 1 and known_events.event_hash is null
)

select * from final
