{#- The run and job facets of every event that jobs, job tags, users and runs read (§3.3, §4, §5.3, D8,
    docs/rules.md "StarRocks"), validated (D5): a facet that fails its checks (macros/run_facets.sql) reads as
    absent here and its reason is kept in a *_problem column for int_jobs_runs_facet_issues. One row per event,
    static events (D16) included: a JobEvent's job tags are read from here. -#}
{{ lineage_warehouse.append_batches_config() }}

with

events as (
    select
        event_hash as classified_event_hash,
        event_time,
        event_kind,
        event_type,
        extractor,
        job_namespace,
        job_name,
        run_id,
        event_run_id,
        describes_own_run,
        is_operation_event,
        parent_run_id,
        root_run_id,
        hive_session_id,
        hive_session_created_at,
        starrocks_session_id
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

payloads as (
    select * from {{ ref('stg_event_payloads') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

facets as (
    select
        events.*,
        payloads.*
    from events
    inner join payloads
        on events.classified_event_hash = payloads.event_hash
),

version_captures as (
    select
        *,
        {{ lineage_warehouse.pep440_captures('run_processing_engine__version', 'engine_version') }},
        {{ lineage_warehouse.pep440_captures('run_processing_engine__openlineage_adapter_version', 'adapter_version') }}
    from facets
),

normalised as (
    select
        *,
        {{ lineage_warehouse.pep440_from_captures('engine_version') }} as engine_version_normalised,
        {{ lineage_warehouse.pep440_from_captures('adapter_version') }} as adapter_version_normalised
    from version_captures
),

checked as (
    select
        *,
        {{ lineage_warehouse.processing_engine_problem('run_processing_engine', 'run_processing_engine__version',
            'engine_version_normalised', 'run_processing_engine__openlineage_adapter_version',
            'adapter_version_normalised') }} as engine_problem,
        {{ lineage_warehouse.spark_application_problem('run_spark_application_details') }} as spark_problem,
        {{ lineage_warehouse.airflow_facet_problem('run_airflow_dag_run', false) }} as dag_run_problem,
        {{ lineage_warehouse.airflow_facet_problem('run_airflow', true) }} as task_problem,
        {{ lineage_warehouse.data_rentgen_run_problem('run_data_rentgen_run') }} as dr_run_problem,
        {{ lineage_warehouse.nominal_time_problem('run_nominal_time') }} as nominal_problem,
        {{ lineage_warehouse.tags_facet_problem('job_tags') }} as job_tags_problem,
        {{ lineage_warehouse.tags_facet_problem('run_tags') }} as run_tags_problem,
        {{ lineage_warehouse.spark_job_details_problem('run_spark_job_details') }} as spark_job_problem,
        {{ lineage_warehouse.required_fields_problem('run_flink_job', [['jobId']]) }} as flink_job_problem,
        {{ lineage_warehouse.required_fields_problem('run_dbt_run', [['invocation_id']]) }} as dbt_run_problem
    from normalised
),

valid as (
    select
        *,
        {{ lineage_warehouse.facet_present('run_processing_engine') }} and engine_problem is null as has_engine,
        case
            when
                extractor = 'AIRFLOW_DAG' and dag_run_problem is null
                and {{ lineage_warehouse.facet_present('run_airflow_dag_run') }}
                then 'DAG_RUN'
            when
                extractor = 'AIRFLOW_TASK' and task_problem is null
                and {{ lineage_warehouse.facet_present('run_airflow') }}
                then 'TASK'
        end as airflow_source
    from checked
),

final as (
    select
        event_hash,
        landing_batch,
        event_time,
        event_kind,
        event_type,
        extractor,
        job_namespace,
        job_name,
        run_id,
        event_run_id,
        describes_own_run,
        is_operation_event,
        -- a query of a session (a Hive query, a StarRocks QUERY event): the session run is running, whatever the
        -- event's type says (§5.2, docs/rules.md "StarRocks")
        (extractor = 'HIVE' and not describes_own_run) or (extractor = 'STARROCKS' and is_operation_event)
            as is_session_event,
        parent_run_id,
        root_run_id,
        hive_session_id,
        hive_session_created_at,
        -- the start of the session run the event describes: the Hive session's creationTime, the time inside the
        -- StarRocks sessionId (a UUIDv7)
        case
            when extractor = 'HIVE' and not describes_own_run then hive_session_created_at
            when extractor = 'STARROCKS' then {{ lineage_warehouse.uuid_v7_timestamp('starrocks_session_id') }}
        end as session_started_at,
        -- processing_engine (§3.3): tag name and normalised versions
        {{ lineage_warehouse.valid_facet_field('run_processing_engine', 'engine_problem', ['name']) }} as engine_name,
        case when has_engine then engine_version_normalised end as engine_version,
        case when has_engine then adapter_version_normalised end as adapter_version,
        -- spark_applicationDetails (§4, §5.3)
        {{ lineage_warehouse.valid_facet_field('run_spark_application_details', 'spark_problem', ['applicationId']) }}
            as spark_application_id,
        {{ lineage_warehouse.valid_facet_field('run_spark_application_details', 'spark_problem', ['userName']) }} as spark_user_name,
        {{ lineage_warehouse.valid_facet_field('run_spark_application_details', 'spark_problem', ['proxyUrl']) }} as spark_proxy_url,
        {{ lineage_warehouse.valid_facet_field('run_spark_application_details', 'spark_problem', ['uiWebUrl']) }} as spark_ui_web_url,
        {{ lineage_warehouse.valid_facet_field('run_spark_application_details', 'spark_problem', ['historyUrl']) }} as spark_history_url,
        -- airflowDagRun / airflow (§3.3, §4, §5.3)
        airflow_source is not null as has_airflow_facet,
        {{ lineage_warehouse.airflow_task_ids_problem('upstream') }} as upstream_task_ids_problem,
        {{ lineage_warehouse.airflow_task_ids_problem('downstream') }} as downstream_task_ids_problem,
        {{ lineage_warehouse.airflow_facet_field(['dag', 'dag_id']) }} as dag_id,
        {{ lineage_warehouse.airflow_facet_field(['dag', 'owner']) }} as dag_owner,
        {{ lineage_warehouse.airflow_facet_field(['dag', 'tags']) }} as dag_tags,
        {{ lineage_warehouse.airflow_facet_field(['dag', 'tags'], '_kind') }} as dag_tags_kind,
        {{ lineage_warehouse.airflow_facet_field(['dag', 'tags'], '_array') }} as dag_tag_array,
        {{ lineage_warehouse.airflow_facet_field(['dagRun', 'run_id']) }} as dag_run_id,
        {{ lineage_warehouse.airflow_facet_field(['dagRun', 'run_type']) }} as dag_run_type,
        {{ lineage_warehouse.facet_timestamp(lineage_warehouse.airflow_facet_field(['dagRun', 'data_interval_start'])) }}
            as data_interval_start,
        {{ lineage_warehouse.airflow_facet_field(['task', 'task_id']) }} as task_id,
        {{ lineage_warehouse.airflow_facet_field(['taskInstance', 'try_number']) }} as try_number,
        {{ lineage_warehouse.airflow_facet_field(['taskInstance', 'map_index']) }} as map_index,
        {{ lineage_warehouse.airflow_facet_field(['taskInstance', 'log_url']) }} as task_log_url,
        -- dataRentgen_run (§4, §5.3)
        {{ lineage_warehouse.valid_facet_field('run_data_rentgen_run', 'dr_run_problem', ['external_id']) }} as dr_external_id,
        {{ lineage_warehouse.valid_facet_field('run_data_rentgen_run', 'dr_run_problem', ['attempt']) }} as dr_attempt,
        {{ lineage_warehouse.valid_facet_field('run_data_rentgen_run', 'dr_run_problem', ['running_log_url']) }} as dr_running_log_url,
        {{ lineage_warehouse.valid_facet_field('run_data_rentgen_run', 'dr_run_problem', ['persistent_log_url']) }}
            as dr_persistent_log_url,
        {{ lineage_warehouse.valid_facet_field('run_data_rentgen_run', 'dr_run_problem', ['start_reason']) }} as dr_start_reason,
        {{ lineage_warehouse.valid_facet_field('run_data_rentgen_run', 'dr_run_problem', ['started_by_user']) }} as dr_started_by_user,
        -- other facets
        {{ lineage_warehouse.facet_timestamp(
            lineage_warehouse.valid_facet_field('run_nominal_time', 'nominal_problem', ['nominalStartTime'])) }} as nominal_start_time,
        {{ lineage_warehouse.facet_timestamp(
            lineage_warehouse.valid_facet_field('run_nominal_time', 'nominal_problem', ['nominalEndTime'])) }} as nominal_end_time,
        run_error_message__message as error_message,
        {{ lineage_warehouse.valid_facet_field('run_flink_job', 'flink_job_problem', ['jobId']) }} as flink_job_id,
        {{ lineage_warehouse.valid_facet_field('run_dbt_run', 'dbt_run_problem', ['invocation_id']) }} as dbt_invocation_id,
        run_hive_session__username as hive_username,
        run_hive_session__client_ip as hive_client_ip,
        run_hive_query__operation_name as hive_operation_name,
        run_starrocks_session__user as starrocks_user,
        -- tags facets (§3.3): the tags (key, value) of valid facets; has_run_tags_facet decides the Airflow fallback
        case when job_tags_problem is null then job_tags__tags_items end as job_tag_items,
        case when run_tags_problem is null then run_tags__tags_items end as run_tag_items,
        run_tags_problem is null and {{ lineage_warehouse.facet_present('run_tags') }} as has_run_tags_facet,
        engine_problem,
        spark_problem,
        dag_run_problem,
        task_problem,
        dr_run_problem,
        nominal_problem,
        job_tags_problem,
        run_tags_problem,
        spark_job_problem,
        flink_job_problem,
        dbt_run_problem
    from valid
)

select * from final
