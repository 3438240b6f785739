{#- Every record that could not be placed (D5), with its reason code and a sentence a person reads, and its text
    (from stg_event_records, which alone keeps it). A record is placed or not by itself alone, so rows are appended
    by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

envelopes as (
    select * from {{ ref('stg_event_envelopes') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and quarantine_reason is not null
),

records as (
    select * from {{ ref('stg_event_records') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

final as (
    select
        envelopes.source_file,
        envelopes.line_number,
        envelopes.element_index,
        envelopes.record_hash,
        envelopes.landing_batch,
        envelopes.quarantine_reason as reason,
        {{ lineage_warehouse.quarantine_reason_description('envelopes.quarantine_reason') }} as reason_description,
        records.record_text as payload
    from envelopes
    inner join records
        on {{ lineage_warehouse.same_record('envelopes', 'records') }}
)

select * from final
