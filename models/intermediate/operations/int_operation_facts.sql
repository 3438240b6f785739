{#- What each operation event (§6.1) says about its operation (§6.2, D8): id = the event's runId, the run it is
    bound to, name, type, status and times from the eventType, failure reason, position, group, description
    and the raw SQL text. One row per operation event. -#}
{{ lineage_warehouse.append_batches_config() }}

with

events as (
    select * from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and is_operation_event
),

facets as (
    select
        *,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'spark_jobDetails']) }} as spark_job,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'airflow']) }} as airflow_task,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'dataRentgen_operation']) }} as dr_operation,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'hive_query', 'operationName']) }}
            as hive_operation,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'errorMessage', 'message']) }} as error_message,
        {{ lineage_warehouse.json_get('payload', ['job', 'facets', 'sql', 'query']) }} as sql_query_raw
    from events
),

final as (
    select
        run_id as operation_id,
        operation_run_id as run_id,
        event_hash,
        landing_batch,
        event_time,
        event_type,
        extractor,
        case extractor
            when 'SPARK' then {{ lineage_warehouse.spark_operation_name('job_name', 'parent_job_name') }}
            when 'AIRFLOW_TASK' then {{ lineage_warehouse.json_get('airflow_task', ['task', 'task_id']) }}
            when 'HIVE' then hive_query_id
            when 'UNKNOWN' then coalesce({{ lineage_warehouse.json_get('dr_operation', ['name']) }}, job_name)
            else job_name
        end as name,
        case processing_type
            when 'STREAMING' then 'STREAMING'
            when 'BATCH' then 'BATCH'
            when 'NONE' then 'BATCH'
        end as type,
        case event_type
            when 'START' then 'STARTED'
            when 'RUNNING' then 'STARTED'
            when 'COMPLETE' then 'SUCCEEDED'
            when 'FAIL' then 'FAILED'
            when 'ABORT' then 'KILLED'
            else 'UNKNOWN'
        end as status,
        case when event_type = 'START' then event_time end as started_at,
        case when event_type in ('COMPLETE', 'FAIL', 'ABORT') then event_time end as ended_at,
        case when event_type in ('FAIL', 'ABORT') then error_message end as ended_reason,
        try_cast(case extractor
            when 'SPARK' then {{ lineage_warehouse.json_get('spark_job', ['jobId']) }}
            when 'AIRFLOW_TASK' then {{ lineage_warehouse.json_get('airflow_task', ['taskInstance', 'map_index']) }}
            when 'UNKNOWN' then {{ lineage_warehouse.json_get('dr_operation', ['position']) }}
        end as bigint) as position,
        case extractor
            when 'SPARK' then {{ lineage_warehouse.json_get('spark_job', ['jobGroup']) }}
            when 'AIRFLOW_TASK'
                then {{ lineage_warehouse.json_get('airflow_task', ['task', 'task_group', 'group_id']) }}
            when 'DBT' then job_type_facet
            when 'UNKNOWN' then {{ lineage_warehouse.json_get('dr_operation', ['group']) }}
        end as group_name,
        case extractor
            when 'SPARK' then {{ lineage_warehouse.json_get('spark_job', ['jobDescription']) }}
            when 'AIRFLOW_TASK' then {{ lineage_warehouse.json_get('airflow_task', ['task', 'operator_class']) }}
            when 'HIVE' then hive_operation
            when 'UNKNOWN' then {{ lineage_warehouse.json_get('dr_operation', ['description']) }}
        end as description,
        sql_query_raw
    from facets
)

select * from final
