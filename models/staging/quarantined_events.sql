{#- Every record that could not be placed (D5), with its reason code and a sentence a person reads. A record
    is placed or not by itself alone, so rows are appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

envelopes as (
    select * from {{ ref('stg_event_envelopes') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

final as (
    select
        source_file,
        line_number,
        element_index,
        record_hash,
        landing_batch,
        quarantine_reason as reason,
        {{ lineage_warehouse.quarantine_reason_description('quarantine_reason') }} as reason_description,
        record_text as payload
    from envelopes
    where quarantine_reason is not null
)

select * from final
