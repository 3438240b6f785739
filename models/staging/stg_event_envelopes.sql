{#- The envelope of every record and the reason it cannot be placed, if any (D5). The first applicable
    reason wins, in the order of the case expression below. Incremental: records of unseen landing batches. -#}
{{ lineage_warehouse.append_batches_config() }}

{%- set record_paths = [
    ['eventTime'],
    ['eventType'],
    ['run', 'runId'],
    ['job', 'namespace'],
    ['job', 'name'],
    ['producer']
] %}

with

records as (
    select * from {{ ref('stg_event_records') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

-- each object record is parsed once for all its paths
record_parts as (
    select
        *,
        case when record_kind = 'object' then {{ lineage_warehouse.json_get_list('record_text', record_paths) }} end
            as record_parts
    from records
),

envelopes as (
    select
        source_file,
        line_number,
        element_index,
        record_hash,
        record_kind,
        record_text,
        landing_batch,
        {{ lineage_warehouse.list_item('record_parts', 0) }} as event_time_text,
        {{ lineage_warehouse.list_item('record_parts', 1) }} as event_type_text,
        {{ lineage_warehouse.list_item('record_parts', 2) }} as run_id_text,
        {{ lineage_warehouse.list_item('record_parts', 3) }} as job_namespace,
        {{ lineage_warehouse.list_item('record_parts', 4) }} as job_name,
        {{ lineage_warehouse.list_item('record_parts', 5) }} as producer
    from record_parts
),

parsed as (
    select
        *,
        {{ lineage_warehouse.parse_timestamp('event_time_text') }} as event_time,
        {{ lineage_warehouse.is_uuid('run_id_text') }} as run_id_is_uuid
    from envelopes
),

final as (
    select
        source_file,
        line_number,
        element_index,
        record_hash,
        record_text,
        event_time,
        event_type_text,
        lower(run_id_text) as run_id,
        job_namespace,
        job_name,
        producer,
        landing_batch,
        case
            when record_kind = 'invalid' then 'not_json'
            when record_kind != 'object' then 'not_an_object'
            when event_time_text is null then 'missing_event_time'
            when event_time is null then 'invalid_event_time'
            when run_id_text is null then 'missing_run_id'
            when not run_id_is_uuid then 'invalid_run_id'
            when coalesce(job_namespace, '') = '' then 'missing_job_namespace'
            when coalesce(job_name, '') = '' then 'missing_job_name'
        end as quarantine_reason
    from parsed
)

select * from final
