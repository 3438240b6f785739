{#- Placed events, one row per distinct content (D1: byte-identical duplicates count once). The kept
    copy is the first landed: of the earliest landing batch, then by (source_file, line_number,
    element_index); how many copies were landed is marts.landing_audit's business. A missing or unknown
    eventType is read as OTHER (D5). Incremental: the placed records of unseen landing batches whose
    content is not here yet. -#}
{{ lineage_warehouse.append_batches_config() }}

with

envelopes as (
    select * from {{ ref('stg_event_envelopes') }}
    where quarantine_reason is null and {{ lineage_warehouse.in_unseen_batch() }}
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
        landing_batch
    from numbered
    where
        copy_number = 1
        {%- if lineage_warehouse.is_appending() %}
        and not exists (
            select 1 from {{ this }} as known
            where known.event_hash = numbered.record_hash
        )
        {%- endif %}
)

select * from final
