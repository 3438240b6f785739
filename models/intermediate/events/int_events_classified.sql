{#- Every placed event with the fields all entity models share, and the extractor that handles it
    (§0 step 2: Spark → Airflow DAG → Airflow task → Hive → Flink → dbt → Unknown, first match wins;
    integration strings are matched exactly, case-sensitively). Also which run the event describes and,
    for operation events (§6.1), the operation and the run it is bound to. -#}
{{ lineage_warehouse.append_batches_config() }}

with

events as (
    select * from {{ ref('stg_events') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

extracted as (
    select
        event_hash,
        landing_batch,
        event_time,
        event_type,
        run_id,
        job_namespace,
        job_name,
        payload,
        {{ lineage_warehouse.json_get('payload', ['job', 'facets', 'jobType', 'integration']) }} as integration,
        {{ lineage_warehouse.json_get('payload', ['job', 'facets', 'jobType', 'jobType']) }} as job_type_facet,
        {{ lineage_warehouse.json_get('payload', ['job', 'facets', 'jobType', 'processingType']) }} as processing_type,
        lower({{ lineage_warehouse.json_get('payload', ['run', 'facets', 'parent', 'run', 'runId']) }}) as parent_run_id_text,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'parent', 'job', 'namespace']) }} as parent_job_namespace,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'parent', 'job', 'name']) }} as parent_job_name,
        lower({{ lineage_warehouse.json_get('payload', ['run', 'facets', 'parent', 'root', 'run', 'runId']) }}) as root_run_id_text,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'parent', 'root', 'job', 'namespace']) }} as root_job_namespace,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'parent', 'root', 'job', 'name']) }} as root_job_name,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'hive_session', 'sessionId']) }} as hive_session_id,
        {{ lineage_warehouse.parse_timestamp(lineage_warehouse.json_get('payload', ['run', 'facets', 'hive_session', 'creationTime'])) }}
            as hive_session_created_at,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'hive_query', 'queryId']) }} as hive_query_id,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'dataRentgen_operation']) }} is not null as has_dr_operation,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'dataRentgen_run']) }} is not null as has_dr_run,
        coalesce(
            {{ lineage_warehouse.json_get('payload', ['inputs', 0]) }},
            {{ lineage_warehouse.json_get('payload', ['outputs', 0]) }}
        ) is not null as has_io
    from events
),

validated as (
    select
        *,
        case when {{ lineage_warehouse.is_uuid('parent_run_id_text') }} then parent_run_id_text end as parent_run_id,
        case when {{ lineage_warehouse.is_uuid('root_run_id_text') }} then root_run_id_text end as root_run_id,
        case
            when integration = 'SPARK' then 'SPARK'
            when integration = 'AIRFLOW' and job_type_facet = 'DAG' then 'AIRFLOW_DAG'
            when integration = 'AIRFLOW' and job_type_facet = 'TASK' then 'AIRFLOW_TASK'
            when lower(job_namespace) like 'hive://%' or integration = 'HIVE' then 'HIVE'
            when integration = 'FLINK' then 'FLINK'
            when integration = 'DBT' then 'DBT'
            else 'UNKNOWN'
        end as extractor
    from extracted
),

with_session_runs as (
    select
        *,
        {{ lineage_warehouse.hive_session_run_id('hive_session_created_at', 'hive_session_id') }} as hive_session_run_id
    from validated
),

bound as (
    select
        *,
        case
            when extractor = 'SPARK' then coalesce(job_type_facet, '') != 'APPLICATION'
            when extractor = 'AIRFLOW_DAG' then false
            when extractor in ('AIRFLOW_TASK', 'HIVE') then true
            when extractor = 'FLINK' then coalesce(job_type_facet, '') = 'JOB'
            when extractor = 'DBT' then coalesce(job_type_facet, '') != 'JOB'
            else has_dr_operation or has_io
        end as is_operation_event,
        -- the run this event describes (§5.1): Spark non-APPLICATION and dbt non-JOB events describe their
        -- parent run, Hive events the synthetic session run; with the parent or session facets missing (the
        -- reference crashes) the event's own run is used (docs/decisions.md)
        case
            when extractor = 'SPARK' and coalesce(job_type_facet, '') != 'APPLICATION' then coalesce(parent_run_id, run_id)
            when extractor = 'DBT' and coalesce(job_type_facet, '') != 'JOB' then coalesce(parent_run_id, run_id)
            when extractor = 'HIVE' then coalesce(hive_session_run_id, run_id)
            when extractor = 'UNKNOWN' and has_dr_operation and not has_dr_run then coalesce(parent_run_id, run_id)
            else run_id
        end as event_run_id
    from with_session_runs
),

final as (
    select
        event_hash,
        landing_batch,
        event_time,
        event_type,
        run_id,
        job_namespace,
        job_name,
        extractor,
        integration,
        job_type_facet,
        processing_type,
        parent_run_id,
        parent_job_namespace,
        parent_job_name,
        root_run_id,
        root_job_namespace,
        root_job_name,
        is_operation_event,
        event_run_id,
        event_run_id = run_id as describes_own_run,
        hive_session_id,
        hive_session_created_at,
        hive_session_run_id,
        hive_query_id,
        has_dr_operation,
        has_dr_run,
        -- the run an operation event's operation (id = run_id) belongs to (§6.1)
        case when is_operation_event then event_run_id end as operation_run_id,
        payload
    from bound
)

select * from final
