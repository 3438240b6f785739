{#- The envelope of every record, its kind and the reason it cannot be placed, if any (D5). The first applicable
    reason wins, in the order of the case expression below, which is the order of event_rules' reasons
    (macros/quarantine_reasons.sql; the HTTP collector refuses the same records at intake, in the same order). event_kind (D16, docs/rules.md "D16 Static lineage
    events are kept"): an event with a run.runId is a RUN event; one without is a static DATASET event when it sends
    a top-level dataset namespace or name or its schemaURL names the DatasetEvent definition, a static JOB event
    when its schemaURL names the JobEvent definition, and else a RUN event that misses its run. A static event
    needs no run: a DatasetEvent needs its dataset's namespace and name, a JobEvent its job's; a DatasetEvent's job
    is not read. Incremental: records of unseen landing batches. -#}
{{ lineage_warehouse.append_batches_config() }}

{%- set rules = lineage_warehouse.event_rules() %}
{%- set record_paths = [
    ['eventTime'],
    ['eventType'],
    ['run', 'runId'],
    ['job', 'namespace'],
    ['job', 'name'],
    ['producer'],
    ['schemaURL'],
    ['dataset', 'namespace'],
    ['dataset', 'name']
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
        {{ lineage_warehouse.list_item('record_parts', 5) }} as producer,
        {{ lineage_warehouse.list_item('record_parts', 6) }} as schema_url,
        {{ lineage_warehouse.list_item('record_parts', 7) }} as dataset_namespace,
        {{ lineage_warehouse.list_item('record_parts', 8) }} as dataset_name
    from record_parts
),

kinds as (
    select
        *,
        case
            when run_id_text is not null then 'RUN'
            when
                dataset_namespace is not null or dataset_name is not null
                or schema_url like '%{{ rules.dataset_event_schema_suffix }}'
                then 'DATASET'
            when schema_url like '%{{ rules.job_event_schema_suffix }}' then 'JOB'
            else 'RUN'
        end as event_kind
    from envelopes
),

parsed as (
    select
        *,
        {{ lineage_warehouse.parse_timestamp('event_time_text') }} as event_time,
        {{ lineage_warehouse.is_uuid('run_id_text') }} as run_id_is_uuid,
        {{ lineage_warehouse.read_text_is_string('record_text', 'job_namespace', ['job', 'namespace']) }}
            as job_namespace_is_string,
        {{ lineage_warehouse.read_text_is_string('record_text', 'job_name', ['job', 'name']) }} as job_name_is_string,
        {{ lineage_warehouse.read_text_is_string('record_text', 'dataset_namespace', ['dataset', 'namespace']) }}
            as dataset_namespace_is_string,
        {{ lineage_warehouse.read_text_is_string('record_text', 'dataset_name', ['dataset', 'name']) }}
            as dataset_name_is_string
    from kinds
),

final as (
    select
        source_file,
        line_number,
        element_index,
        record_hash,
        event_time,
        event_kind,
        event_type_text,
        lower(run_id_text) as run_id,
        case when event_kind != 'DATASET' then job_namespace end as job_namespace,
        case when event_kind != 'DATASET' then job_name end as job_name,
        dataset_namespace,
        dataset_name,
        producer,
        landing_batch,
        case
            when record_kind = 'invalid'
                then
                    case
                        when {{ lineage_warehouse.is_json_but_for_surrogates('record_text') }} then 'lone_surrogate'
                        else 'not_json'
                    end
            when record_kind != 'object' then 'not_an_object'
            when event_time_text is null then 'missing_event_time'
            when event_time is null then 'invalid_event_time'
            when event_kind = 'DATASET' and coalesce(dataset_namespace, '') = '' then 'missing_dataset_namespace'
            when event_kind = 'DATASET' and not dataset_namespace_is_string then 'invalid_dataset_namespace'
            when event_kind = 'DATASET' and coalesce(dataset_name, '') = '' then 'missing_dataset_name'
            when event_kind = 'DATASET' and not dataset_name_is_string then 'invalid_dataset_name'
            when event_kind = 'RUN' and run_id_text is null then 'missing_run_id'
            when event_kind = 'RUN' and not run_id_is_uuid then 'invalid_run_id'
            when event_kind != 'DATASET' and coalesce(job_namespace, '') = '' then 'missing_job_namespace'
            when event_kind != 'DATASET' and not job_namespace_is_string then 'invalid_job_namespace'
            when event_kind != 'DATASET' and coalesce(job_name, '') = '' then 'missing_job_name'
            when event_kind != 'DATASET' and not job_name_is_string then 'invalid_job_name'
        end as quarantine_reason
    from parsed
)

select * from final
