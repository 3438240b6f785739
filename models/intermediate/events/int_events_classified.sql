{#- Every placed event with the fields all entity models share, and the extractor that handles it
    (§0 step 2: Spark → Airflow DAG → Airflow task → Hive → Flink → dbt → StarRocks → Unknown, first match
    wins; integration strings are matched exactly, case-sensitively; macros/extractors.sql). Also which run the
    event describes and, for operation events (§6.1, docs/rules.md "StarRocks"), the operation and the run it is
    bound to. A static event (event_kind DATASET or JOB, D16) is classified like any other (its extractor decides
    its datasets' name rewrites) but describes no run and is no operation: its run ids are NULL; describes_own_run
    is true for a JobEvent, which describes its own job, whose parent is the job of its `parent` job facet
    (docs/decisions/static-events.md). -#}
{{ lineage_warehouse.append_batches_config() }}

with

events as (
    select * from {{ ref('stg_events') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

payloads as (
    select * from {{ ref('stg_event_payloads') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

extracted as (
    select
        events.event_hash,
        events.landing_batch,
        events.event_time,
        events.event_kind,
        events.event_type,
        events.run_id,
        events.job_namespace,
        events.job_name,
        payloads.job_job_type__integration as integration,
        payloads.job_job_type__job_type as job_type_facet,
        payloads.job_job_type__processing_type as processing_type,
        lower(payloads.run_parent__run__run_id) as parent_run_id_text,
        case
            when events.event_kind = 'JOB' then payloads.job_parent__job__namespace
            else payloads.run_parent__job__namespace
        end as parent_job_namespace,
        case
            when events.event_kind = 'JOB' then payloads.job_parent__job__name
            else payloads.run_parent__job__name
        end as parent_job_name,
        lower(payloads.run_parent__root__run__run_id) as root_run_id_text,
        payloads.run_parent__root__job__namespace as root_job_namespace,
        payloads.run_parent__root__job__name as root_job_name,
        payloads.run_hive_session__session_id as hive_session_id,
        {{ lineage_warehouse.parse_timestamp('payloads.run_hive_session__creation_time') }}
            as hive_session_created_at,
        payloads.run_hive_query__query_id as hive_query_id,
        lower(payloads.run_starrocks_session__session_id) as starrocks_session_id,
        {{ lineage_warehouse.starrocks_session_problem('payloads') }} as starrocks_session_problem,
        payloads.sends_data_rentgen_operation as has_dr_operation,
        payloads.sends_data_rentgen_run as has_dr_run,
        payloads.has_io
    from events
    inner join payloads
        on events.event_hash = payloads.event_hash
),

validated as (
    select
        *,
        case when {{ lineage_warehouse.is_uuid('parent_run_id_text') }} then parent_run_id_text end as parent_run_id,
        case when {{ lineage_warehouse.is_uuid('root_run_id_text') }} then root_run_id_text end as root_run_id,
        {{ lineage_warehouse.event_extractor('integration', 'job_type_facet', 'job_namespace',
            'starrocks_session_problem') }} as extractor
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
            when event_kind != 'RUN' then false
            when extractor = 'SPARK' then coalesce(job_type_facet, '') != 'APPLICATION'
            when extractor = 'AIRFLOW_DAG' then false
            when extractor in ('AIRFLOW_TASK', 'HIVE') then true
            when extractor = 'FLINK' then coalesce(job_type_facet, '') = 'JOB'
            when extractor = 'DBT' then coalesce(job_type_facet, '') != 'JOB'
            when extractor = 'STARROCKS' then coalesce(job_type_facet, '') = 'QUERY'
            else has_dr_operation or has_io
        end as is_operation_event,
        -- the run this event describes (§5.1): Spark non-APPLICATION and dbt non-JOB events describe their
        -- parent run, Hive events the synthetic session run, StarRocks events the session (its sessionId); with
        -- the parent or Hive session facets missing (the reference crashes) the event's own run is used
        -- (docs/decisions/)
        case
            when event_kind != 'RUN' then null
            when extractor = 'SPARK' and coalesce(job_type_facet, '') != 'APPLICATION' then coalesce(parent_run_id, run_id)
            when extractor = 'DBT' and coalesce(job_type_facet, '') != 'JOB' then coalesce(parent_run_id, run_id)
            when extractor = 'HIVE' then coalesce(hive_session_run_id, run_id)
            when extractor = 'STARROCKS' then starrocks_session_id
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
        event_kind,
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
        -- the event's own run by the generic rules; never a StarRocks event, which describes the session run by
        -- the StarRocks rules even when its runId is the sessionId; a JobEvent describes its own job (D16)
        case
            when event_kind = 'RUN' then event_run_id = run_id and extractor != 'STARROCKS'
            else event_kind = 'JOB'
        end as describes_own_run,
        hive_session_id,
        hive_session_created_at,
        hive_session_run_id,
        hive_query_id,
        case when extractor = 'STARROCKS' then starrocks_session_id end as starrocks_session_id,
        has_dr_operation,
        has_dr_run,
        -- the run an operation event's operation (id = run_id) belongs to (§6.1)
        case when is_operation_event then event_run_id end as operation_run_id
    from bound
)

select * from final
