{#- What each event says about the run it describes (§5.2, §5.3, §4, D8): status and timestamps from the
    eventType, the per-integration fields, the user, the parent and root references. One row per event. -#}

with

events as (
    select * from {{ ref('int_events_classified') }}
),

facets as (
    select
        *,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'spark_applicationDetails']) }} as spark_app,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'airflowDagRun']) }} as airflow_dag_run,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'airflow']) }} as airflow_task,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'dataRentgen_run']) }} as dr_run,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'processing_engine', 'version']) }} as engine_version,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'flink_job', 'jobId']) }} as flink_job_id,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'dbt_run', 'invocation_id']) }} as dbt_invocation_id,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'hive_session', 'username']) }} as hive_username,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'errorMessage', 'message']) }} as error_message,
        {{ lineage_warehouse.parse_timestamp(
            lineage_warehouse.json_get('payload', ['run', 'facets', 'nominalTime', 'nominalStartTime'])) }}
            as nominal_start,
        {{ lineage_warehouse.parse_timestamp(
            lineage_warehouse.json_get('payload', ['run', 'facets', 'nominalTime', 'nominalEndTime'])) }}
            as nominal_end
    from events
),

airflow as (
    select
        *,
        coalesce(airflow_dag_run, airflow_task) as airflow_facet,
        {{ lineage_warehouse.json_get('coalesce(airflow_dag_run, airflow_task)', ['dag', 'dag_id']) }} as dag_id,
        {{ lineage_warehouse.json_get('coalesce(airflow_dag_run, airflow_task)', ['dagRun', 'run_id']) }} as dag_run_id,
        {{ lineage_warehouse.json_get('coalesce(airflow_dag_run, airflow_task)', ['dagRun', 'run_type']) }} as run_type,
        {{ lineage_warehouse.json_get('coalesce(airflow_dag_run, airflow_task)', ['dagRun', 'data_interval_start']) }}
            as data_interval_start,
        {{ lineage_warehouse.json_get('coalesce(airflow_dag_run, airflow_task)', ['dag', 'owner']) }} as dag_owner,
        {{ lineage_warehouse.json_get('airflow_task', ['task', 'task_id']) }} as task_id,
        {{ lineage_warehouse.json_get('airflow_task', ['taskInstance', 'try_number']) }} as try_number,
        {{ lineage_warehouse.json_get('airflow_task', ['taskInstance', 'map_index']) }} as map_index,
        {{ lineage_warehouse.json_get('airflow_task', ['taskInstance', 'log_url']) }} as task_log_url,
        {{ lineage_warehouse.version_number('engine_version') }} as airflow_version,
        lower(job_namespace) like 'http%' as namespace_is_http
    from facets
),

final as (
    select
        event_hash,
        event_time,
        event_run_id as run_id,
        describes_own_run,
        extractor,
        -- §5.2: only events about their own run (and Hive sessions) move status and timestamps
        case
            when extractor = 'HIVE' then 'STARTED'
            when not describes_own_run then 'UNKNOWN'
            when event_type in ('START', 'RUNNING') then 'STARTED'
            when event_type = 'COMPLETE' then 'SUCCEEDED'
            when event_type = 'FAIL' then 'FAILED'
            when event_type = 'ABORT' then 'KILLED'
            else 'UNKNOWN'
        end as status,
        case
            when extractor = 'HIVE' then hive_session_created_at
            when describes_own_run and event_type = 'START' then event_time
        end as started_at,
        case
            when extractor != 'HIVE' and describes_own_run and event_type in ('COMPLETE', 'FAIL', 'ABORT') then event_time
        end as ended_at,
        case when describes_own_run and event_type in ('FAIL', 'ABORT') then error_message end as ended_reason,
        -- §5.4: events bound to their parent's run do not know that run's own parent
        case when (describes_own_run or extractor = 'HIVE') and parent_run_id != event_run_id then parent_run_id end
            as parent_run_id,
        root_run_id,
        case extractor
            when 'SPARK' then {{ lineage_warehouse.json_get('spark_app', ['applicationId']) }}
            when 'AIRFLOW_DAG' then dag_run_id
            when 'AIRFLOW_TASK' then dag_run_id
            when 'FLINK' then flink_job_id
            when 'DBT' then case when describes_own_run then dbt_invocation_id end
            when 'HIVE' then hive_session_id
            else {{ lineage_warehouse.json_get('dr_run', ['external_id']) }}
        end as external_id,
        case extractor
            when 'AIRFLOW_TASK' then try_number
            when 'UNKNOWN' then {{ lineage_warehouse.json_get('dr_run', ['attempt']) }}
        end as attempt,
        case extractor
            when 'SPARK' then {{ lineage_warehouse.regex_extract(
                "coalesce(nullif(" ~ lineage_warehouse.json_get('spark_app', ['proxyUrl']) ~ ", ''), "
                ~ lineage_warehouse.json_get('spark_app', ['uiWebUrl']) ~ ")", '^([^,]*)', 1) }}
            when 'FLINK' then case when namespace_is_http and flink_job_id is not null then
                {{ lineage_warehouse.regex_replace_all('job_namespace', '/+$', '') }} || '/#/job/running/' || flink_job_id
            end
            when 'UNKNOWN' then {{ lineage_warehouse.json_get('dr_run', ['running_log_url']) }}
        end as running_log_url,
        case extractor
            when 'SPARK' then {{ lineage_warehouse.regex_extract(
                lineage_warehouse.json_get('spark_app', ['historyUrl']), '^([^,]*)', 1) }}
            when 'AIRFLOW_DAG' then case when namespace_is_http then {{ lineage_warehouse.airflow_dag_url() }} end
            when 'AIRFLOW_TASK' then coalesce(
                task_log_url, case when namespace_is_http then {{ lineage_warehouse.airflow_task_url() }} end
            )
            when 'FLINK' then case when namespace_is_http and flink_job_id is not null then
                job_namespace || '/#/job/completed/' || flink_job_id
            end
            when 'UNKNOWN' then {{ lineage_warehouse.json_get('dr_run', ['persistent_log_url']) }}
        end as persistent_log_url,
        case
            when extractor in ('AIRFLOW_DAG', 'AIRFLOW_TASK') and airflow_facet is not null
                then case when run_type = 'manual' then 'MANUAL' else 'AUTOMATIC' end
            when extractor = 'UNKNOWN'
                and {{ lineage_warehouse.json_get('dr_run', ['start_reason']) }} in ('MANUAL', 'AUTOMATIC')
                then {{ lineage_warehouse.json_get('dr_run', ['start_reason']) }}
        end as start_reason,
        case extractor
            when 'SPARK' then {{ lineage_warehouse.json_get('spark_app', ['userName']) }}
            when 'AIRFLOW_DAG' then case when dag_owner not in ('airflow', '***') then dag_owner end
            when 'AIRFLOW_TASK' then case when dag_owner not in ('airflow', '***') then dag_owner end
            when 'HIVE' then case when hive_username not in ('anonymous', 'hive') then hive_username end
            when 'UNKNOWN' then nullif({{ lineage_warehouse.json_get('dr_run', ['started_by_user']) }}, '')
        end as user_name,
        case when extractor != 'HIVE' then nominal_start end as expected_start_at,
        case when extractor != 'HIVE' and nominal_end is distinct from nominal_start then nominal_end end
            as expected_end_at
    from airflow
)

select * from final
