{#- The run and job facets of every event that jobs, job tags, users and runs read (§3.3, §4, §5.3, D8),
    validated (D5): a facet that fails its checks (macros/run_facets.sql) reads as absent here and its
    reason is kept in a *_problem column for int_jobs_runs_facet_issues. One row per event. -#}
{{ lineage_warehouse.append_batches_config() }}

{%- set payload_paths = [
    ['run', 'facets', 'processing_engine'],
    ['run', 'facets', 'spark_applicationDetails'],
    ['run', 'facets', 'airflowDagRun'],
    ['run', 'facets', 'airflow'],
    ['run', 'facets', 'dataRentgen_run'],
    ['run', 'facets', 'nominalTime'],
    ['job', 'facets', 'tags'],
    ['run', 'facets', 'tags'],
    ['run', 'facets', 'errorMessage', 'message'],
    ['run', 'facets', 'flink_job', 'jobId'],
    ['run', 'facets', 'dbt_run', 'invocation_id'],
    ['run', 'facets', 'hive_session', 'username'],
    ['run', 'facets', 'hive_session', 'clientIp'],
    ['run', 'facets', 'hive_query', 'operationName']
] %}
{%- set part = [] %}
{%- for index in range(payload_paths | length) %}
    {%- do part.append(lineage_warehouse.list_item('payload_parts', index)) %}
{%- endfor %}

with

events as (
    select * from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
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
        {{ part[0] }} as engine_facet,
        {{ part[1] }} as spark_facet,
        {{ part[2] }} as dag_run_facet,
        {{ part[3] }} as task_facet,
        {{ part[4] }} as dr_run_facet,
        {{ part[5] }} as nominal_facet,
        {{ part[6] }} as job_tags_facet,
        {{ part[7] }} as run_tags_facet,
        {{ part[8] }} as error_message_text,
        {{ part[9] }} as flink_job_id_text,
        {{ part[10] }} as dbt_invocation_id_text,
        {{ part[11] }} as hive_username_text,
        {{ part[12] }} as hive_client_ip_text,
        {{ part[13] }} as hive_operation_name_text
    from payload_parts
),

engines as (
    select
        *,
        {{ lineage_warehouse.json_get('engine_facet', ['version']) }} as engine_version_raw,
        {{ lineage_warehouse.json_get('engine_facet', ['openlineageAdapterVersion']) }} as adapter_version_raw
    from facets
),

normalised as (
    select
        *,
        {{ lineage_warehouse.pep440_normalise('engine_version_raw') }} as engine_version_normalised,
        {{ lineage_warehouse.pep440_normalise('adapter_version_raw') }} as adapter_version_normalised
    from engines
),

checked as (
    select
        *,
        {{ lineage_warehouse.processing_engine_problem('engine_facet', 'engine_version_raw',
            'engine_version_normalised', 'adapter_version_raw', 'adapter_version_normalised') }} as engine_problem,
        {{ lineage_warehouse.spark_application_problem('spark_facet') }} as spark_problem,
        {{ lineage_warehouse.airflow_facet_problem('dag_run_facet', false) }} as dag_run_problem,
        {{ lineage_warehouse.airflow_facet_problem('task_facet', true) }} as task_problem,
        {{ lineage_warehouse.data_rentgen_run_problem('dr_run_facet') }} as dr_run_problem,
        {{ lineage_warehouse.nominal_time_problem('nominal_facet') }} as nominal_problem,
        {{ lineage_warehouse.tags_facet_problem('job_tags_facet') }} as job_tags_problem,
        {{ lineage_warehouse.tags_facet_problem('run_tags_facet') }} as run_tags_problem
    from normalised
),

valid as (
    select
        *,
        case when engine_problem is null then engine_facet end as engine,
        case when spark_problem is null then spark_facet end as spark_app,
        -- the Airflow facet this event's extractor reads: airflowDagRun for DAG events, airflow for task events
        case
            when extractor = 'AIRFLOW_DAG' and dag_run_problem is null then dag_run_facet
            when extractor = 'AIRFLOW_TASK' and task_problem is null then task_facet
        end as airflow,
        case when dr_run_problem is null then dr_run_facet end as dr_run,
        case when nominal_problem is null then nominal_facet end as nominal_time
    from checked
),

final as (
    select
        event_hash,
        landing_batch,
        event_time,
        event_type,
        extractor,
        job_namespace,
        job_name,
        run_id,
        event_run_id,
        describes_own_run,
        extractor = 'HIVE' and not describes_own_run as is_session_event,
        parent_run_id,
        root_run_id,
        hive_session_id,
        hive_session_created_at,
        -- processing_engine (§3.3): tag name and normalised versions
        {{ lineage_warehouse.json_get('engine', ['name']) }} as engine_name,
        case when engine is not null then engine_version_normalised end as engine_version,
        case when engine is not null then adapter_version_normalised end as adapter_version,
        -- spark_applicationDetails (§4, §5.3)
        {{ lineage_warehouse.json_get('spark_app', ['applicationId']) }} as spark_application_id,
        {{ lineage_warehouse.json_get('spark_app', ['userName']) }} as spark_user_name,
        {{ lineage_warehouse.json_get('spark_app', ['proxyUrl']) }} as spark_proxy_url,
        {{ lineage_warehouse.json_get('spark_app', ['uiWebUrl']) }} as spark_ui_web_url,
        {{ lineage_warehouse.json_get('spark_app', ['historyUrl']) }} as spark_history_url,
        -- airflowDagRun / airflow (§3.3, §4, §5.3)
        airflow is not null as has_airflow_facet,
        {{ lineage_warehouse.json_get('airflow', ['dag', 'dag_id']) }} as dag_id,
        {{ lineage_warehouse.json_get('airflow', ['dag', 'owner']) }} as dag_owner,
        {{ lineage_warehouse.json_get('airflow', ['dag', 'tags']) }} as dag_tags,
        {{ lineage_warehouse.json_get('airflow', ['dagRun', 'run_id']) }} as dag_run_id,
        {{ lineage_warehouse.json_get('airflow', ['dagRun', 'run_type']) }} as dag_run_type,
        {{ lineage_warehouse.facet_timestamp(
            lineage_warehouse.json_get('airflow', ['dagRun', 'data_interval_start'])) }} as data_interval_start,
        {{ lineage_warehouse.json_get('airflow', ['task', 'task_id']) }} as task_id,
        {{ lineage_warehouse.json_get('airflow', ['taskInstance', 'try_number']) }} as try_number,
        {{ lineage_warehouse.json_get('airflow', ['taskInstance', 'map_index']) }} as map_index,
        {{ lineage_warehouse.json_get('airflow', ['taskInstance', 'log_url']) }} as task_log_url,
        -- dataRentgen_run (§4, §5.3)
        {{ lineage_warehouse.json_get('dr_run', ['external_id']) }} as dr_external_id,
        {{ lineage_warehouse.json_get('dr_run', ['attempt']) }} as dr_attempt,
        {{ lineage_warehouse.json_get('dr_run', ['running_log_url']) }} as dr_running_log_url,
        {{ lineage_warehouse.json_get('dr_run', ['persistent_log_url']) }} as dr_persistent_log_url,
        {{ lineage_warehouse.json_get('dr_run', ['start_reason']) }} as dr_start_reason,
        {{ lineage_warehouse.json_get('dr_run', ['started_by_user']) }} as dr_started_by_user,
        -- other facets
        {{ lineage_warehouse.facet_timestamp(lineage_warehouse.json_get('nominal_time', ['nominalStartTime'])) }}
            as nominal_start_time,
        {{ lineage_warehouse.facet_timestamp(lineage_warehouse.json_get('nominal_time', ['nominalEndTime'])) }}
            as nominal_end_time,
        error_message_text as error_message,
        flink_job_id_text as flink_job_id,
        dbt_invocation_id_text as dbt_invocation_id,
        hive_username_text as hive_username,
        hive_client_ip_text as hive_client_ip,
        hive_operation_name_text as hive_operation_name,
        -- tags facets (§3.3): the `tags` arrays of valid facets; has_run_tags_facet decides the Airflow fallback
        case when job_tags_problem is null then {{ lineage_warehouse.json_get('job_tags_facet', ['tags']) }} end
            as job_tags,
        case when run_tags_problem is null then {{ lineage_warehouse.json_get('run_tags_facet', ['tags']) }} end
            as run_tags,
        run_tags_problem is null and {{ lineage_warehouse.facet_present('run_tags_facet') }} as has_run_tags_facet,
        engine_problem,
        spark_problem,
        dag_run_problem,
        task_problem,
        dr_run_problem,
        nominal_problem,
        job_tags_problem,
        run_tags_problem
    from valid
)

select * from final
