{#- What each operation event (§6.1) says about its operation (§6.2, D8): id = the event's runId, the run it is
    bound to, name, type, status and times from the eventType, failure reason, position, group, description
    and the raw SQL text. One row per operation event. -#}
{{ lineage_warehouse.append_batches_config() }}

{%- set payload_paths = [
    ['run', 'facets', 'spark_jobDetails'],
    ['run', 'facets', 'airflow'],
    ['run', 'facets', 'dataRentgen_operation'],
    ['run', 'facets', 'hive_query', 'operationName'],
    ['run', 'facets', 'errorMessage', 'message'],
    ['job', 'facets', 'sql', 'query']
] %}
{%- set part = [] %}
{%- for index in range(payload_paths | length) %}
    {%- do part.append(lineage_warehouse.list_item('payload_parts', index)) %}
{%- endfor %}

with

events as (
    select * from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and is_operation_event
),

-- the payload is parsed once for all its paths
payload_parts as (
    select
        *,
        {{ lineage_warehouse.json_get_list('payload', payload_paths) }} as payload_parts
    from events
),

facets as (
    select
        *,
        {{ part[0] }} as spark_job,
        {{ part[1] }} as airflow_task,
        {{ part[2] }} as dr_operation,
        {{ part[3] }} as hive_operation,
        {{ part[4] }} as error_message,
        {{ part[5] }} as sql_query_raw
    from payload_parts
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
