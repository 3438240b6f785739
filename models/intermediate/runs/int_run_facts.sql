{#- What each event says about the run it describes (event_run_id), one row per event:
    - events about their own run (describes_own_run): status and timestamps from eventType (§5.2), the
      per-integration fields of §5.3, the user (§4), ended_reason from errorMessage on FAIL/ABORT (D8), the
      parent run (§5.4) and the root run the parent facet names (D9);
    - Hive query events (is_session_event): the synthetic session run, always STARTED, started at the
      session's creationTime, never ended (§5.2, Appendix A), with sessionId, user, parent and nominal times;
    - StarRocks events (docs/rules.md "StarRocks"): the session run (id = sessionId), with the session's user,
      parent and nominal times; a QUERY event (is_session_event) says STARTED, started at the time inside the
      sessionId, never ended; any other event (a SESSION event, tells_run_state) says what an own-run event says
      (§5.2), except that only a START gives started_at its eventTime, the others the sessionId time;
    - operation events bound to their parent run (Spark SQL_JOB, dbt MODEL, Unknown with only
      dataRentgen_operation): only the root reference, plus, for Spark, the spark_applicationDetails fields.
    Log URLs lose any user:password@ (D6). Each row needs only its event, so rows are appended by landing
    batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

facets as {{ lineage_warehouse.cte_inlined() }} (
    select
        *,
        describes_own_run and not is_session_event as is_own,
        -- the event's type tells the status and times of the run it describes (§5.2)
        (describes_own_run and not is_session_event) or (extractor = 'STARROCKS' and not is_operation_event)
            as tells_run_state,
        {{ lineage_warehouse.regex_replace_all('job_namespace', '/+$', '') }} as flink_base_url
    from {{ ref('int_run_event_facets') }}
    -- a static event (D16) says nothing about a run
    where {{ lineage_warehouse.in_unseen_batch() }} and event_kind = 'RUN'
),

airflow_parts as (
    select
        *,
        {{ lineage_warehouse.airflow_url_parts('engine_version', 'data_interval_start') }}
    from facets
    where has_airflow_facet
),

airflow_urls as (
    select
        event_hash,
        case
            when extractor = 'AIRFLOW_DAG' then {{ lineage_warehouse.airflow_dag_url() }}
            when extractor = 'AIRFLOW_TASK'
                then coalesce(nullif(task_log_url, ''), {{ lineage_warehouse.airflow_task_url() }})
        end as airflow_url
    from airflow_parts
),

with_airflow_urls as (
    select
        facets.*,
        airflow_urls.airflow_url
    from facets
    left join airflow_urls
        on facets.event_hash = airflow_urls.event_hash
),

per_event as (
    select
        event_hash,
        landing_batch,
        event_time,
        event_run_id as run_id,
        extractor,
        is_own,
        is_session_event,
        case
            when is_session_event then 'STARTED'
            when tells_run_state then {{ lineage_warehouse.event_run_status('event_type') }}
            else 'UNKNOWN'
        end as status,
        case
            when tells_run_state and event_type = 'START' then event_time
            else session_started_at
        end as started_at,
        case when tells_run_state and event_type in ('COMPLETE', 'FAIL', 'ABORT') then event_time end as ended_at,
        case when tells_run_state and event_type in ('FAIL', 'ABORT') then error_message end as ended_reason,
        case when (tells_run_state or is_session_event) and parent_run_id != event_run_id then parent_run_id end
            as parent_run_id,
        root_run_id as reported_root_run_id,
        case
            when extractor = 'SPARK' then spark_application_id
            when not is_own and not is_session_event then null
            when extractor in ('AIRFLOW_DAG', 'AIRFLOW_TASK') then dag_run_id
            when extractor = 'FLINK' then flink_job_id
            when extractor = 'DBT' then dbt_invocation_id
            when extractor = 'HIVE' then hive_session_id
            when extractor = 'UNKNOWN' then dr_external_id
        end as external_id,
        case
            when not is_own then null
            when extractor = 'AIRFLOW_TASK' then try_number
            when extractor = 'UNKNOWN' then dr_attempt
        end as attempt,
        case
            when extractor = 'SPARK' then {{ lineage_warehouse.first_comma_item(
                "coalesce(nullif(spark_proxy_url, ''), spark_ui_web_url)") }}
            when not is_own then null
            when extractor = 'FLINK' and substr(flink_base_url, 1, 4) = 'http'
                then flink_base_url || '/#/job/running/' || flink_job_id
            when extractor = 'UNKNOWN' then dr_running_log_url
        end as running_log_url_raw,
        case
            when extractor = 'SPARK' then {{ lineage_warehouse.first_comma_item('spark_history_url') }}
            when not is_own then null
            when extractor in ('AIRFLOW_DAG', 'AIRFLOW_TASK') then airflow_url
            when extractor = 'FLINK' and substr(flink_base_url, 1, 4) = 'http'
                then flink_base_url || '/#/job/completed/' || flink_job_id
            when extractor = 'UNKNOWN' then dr_persistent_log_url
        end as persistent_log_url_raw,
        case
            when not is_own then null
            when extractor in ('AIRFLOW_DAG', 'AIRFLOW_TASK') and has_airflow_facet
                then case when dag_run_type = 'manual' then 'MANUAL' else 'AUTOMATIC' end
            when extractor = 'UNKNOWN' then dr_start_reason
        end as start_reason,
        case
            when extractor = 'SPARK' then nullif(spark_user_name, '')
            when extractor = 'STARROCKS' then starrocks_user
            when is_session_event then case when hive_username not in ('anonymous', 'hive') then hive_username end
            when not is_own then null
            when extractor in ('AIRFLOW_DAG', 'AIRFLOW_TASK')
                then case when dag_owner not in ('', 'airflow', '***') then dag_owner end
            when extractor = 'UNKNOWN' then nullif(dr_started_by_user, '')
        end as user_name,
        -- nominal times (§5.3): of own-run events, and of every event of a session run (Hive, StarRocks)
        case when is_own or extractor in ('HIVE', 'STARROCKS') then nominal_start_time end as expected_start_at,
        case
            when
                (is_own or extractor in ('HIVE', 'STARROCKS'))
                and coalesce(nominal_end_time != nominal_start_time, true)
                then nominal_end_time
        end as expected_end_at
    from with_airflow_urls
),

final as (
    select
        event_hash,
        landing_batch,
        event_time,
        run_id,
        extractor,
        is_own,
        is_session_event,
        status,
        started_at,
        ended_at,
        ended_reason,
        parent_run_id,
        reported_root_run_id,
        external_id,
        attempt,
        {{ lineage_warehouse.strip_url_userinfo('running_log_url_raw') }} as running_log_url,
        {{ lineage_warehouse.strip_url_userinfo('persistent_log_url_raw') }} as persistent_log_url,
        start_reason,
        user_name,
        expected_start_at,
        expected_end_at
    from per_event
)

select * from final
