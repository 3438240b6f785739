{#- What each operation event (§6.1) says about its operation (§6.2, D8): id = the event's runId, the run it is
    bound to, name, type, status and times from the eventType, failure reason, position, group, description
    and the raw SQL text. One row per operation event. A StarRocks query (docs/rules.md "StarRocks") is named
    after the OL job name, typed, timed and given its SQL like the others, with no position, group or
    description. -#}
{{ lineage_warehouse.append_batches_config() }}

with

events as (
    select * from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and is_operation_event
),

payloads as (
    select
        *,
        -- D5: a spark_jobDetails without an integer jobId is dropped whole (int_jobs_runs_facet_issues notes it)
        {{ lineage_warehouse.spark_job_details_problem('run_spark_job_details') }} as spark_job_problem
    from {{ ref('stg_event_payloads') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

facets as (
    select
        events.*,
        {{ lineage_warehouse.valid_facet_field('payloads.run_spark_job_details', 'payloads.spark_job_problem',
            ['jobId']) }} as spark_job_id,
        {{ lineage_warehouse.valid_facet_field('payloads.run_spark_job_details', 'payloads.spark_job_problem',
            ['jobGroup']) }} as spark_job_group,
        {{ lineage_warehouse.valid_facet_field('payloads.run_spark_job_details', 'payloads.spark_job_problem',
            ['jobDescription']) }} as spark_job_description,
        payloads.run_airflow__task__task_id as airflow_task_id,
        payloads.run_airflow__task__operator_class as airflow_operator_class,
        payloads.run_airflow__task__task_group__group_id as airflow_task_group_id,
        payloads.run_airflow__task_instance__map_index as airflow_map_index,
        payloads.run_data_rentgen_operation__name as dr_operation_name,
        payloads.run_data_rentgen_operation__position as dr_operation_position,
        payloads.run_data_rentgen_operation__group as dr_operation_group,
        payloads.run_data_rentgen_operation__description as dr_operation_description,
        payloads.run_error_message__message as error_message,
        payloads.run_hive_query__operation_name as hive_operation_name,
        payloads.job_sql__query as sql_query_raw
    from events
    inner join payloads
        on events.event_hash = payloads.event_hash
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
            when 'AIRFLOW_TASK' then airflow_task_id
            when 'HIVE' then hive_query_id
            when 'UNKNOWN' then coalesce(dr_operation_name, job_name)
            else job_name  -- dbt, Flink, StarRocks
        end as name,
        case processing_type
            when 'STREAMING' then 'STREAMING'
            when 'BATCH' then 'BATCH'
            when 'NONE' then 'BATCH'
        end as type,
        {{ lineage_warehouse.event_run_status('event_type') }} as status,
        case when event_type = 'START' then event_time end as started_at,
        case when event_type in ('COMPLETE', 'FAIL', 'ABORT') then event_time end as ended_at,
        case when event_type in ('FAIL', 'ABORT') then error_message end as ended_reason,
        try_cast(case extractor
            when 'SPARK' then spark_job_id
            when 'AIRFLOW_TASK' then airflow_map_index
            when 'UNKNOWN' then dr_operation_position
        end as bigint) as position,
        case extractor
            when 'SPARK' then spark_job_group
            when 'AIRFLOW_TASK'
                then airflow_task_group_id
            when 'DBT' then job_type_facet
            when 'UNKNOWN' then dr_operation_group
        end as group_name,
        case extractor
            when 'SPARK' then spark_job_description
            when 'AIRFLOW_TASK' then airflow_operator_class
            when 'HIVE' then hive_operation_name
            when 'UNKNOWN' then dr_operation_description
        end as description,
        sql_query_raw
    from facets
)

select * from final
