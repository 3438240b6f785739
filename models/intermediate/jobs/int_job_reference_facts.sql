{#- The per-event part of int_job_references, appended by landing batch: every job an event creates or refers
    to (§3.2, D9), with the run it is the job of, before the job's location is resolved:
    - EVENT: the event's own job when the event describes its own run (Spark APPLICATION, Airflow DAG and task,
      Flink, dbt JOB, Unknown), typed by the jobType facet (§3.1 generic rule; the dispatched event_job_type,
      which a host project may override for its producers, docs/extending.md);
    - EVENT (Hive): the synthetic session job '{username}@{clientIp}' when the OL job name starts with
      lower(operationName) || '.', else the OL job name; always HIVE_SESSION;
    - EVENT (StarRocks): the session job '{user}@{clientIp}' of starrocks_session, always STARROCKS_SESSION (the
      OL job name names the operation, not a job; docs/rules.md "StarRocks");
    - PARENT / ROOT: the jobs of the parent facet's run and root run (no type; D9 gives them a row even when
      they never send events). Spark SQL_JOB and dbt MODEL events thus only create their parent's job.
    A JobEvent (D16) describes its own job (describes_own_run), so its job is an EVENT reference like a run
    event's (no run: run_id NULL), and the job of its `parent` job facet a PARENT reference without a run.
    References without a namespace or a name cannot be placed and are left out. -#}
{{ lineage_warehouse.append_batches_config() }}

with

classified_events as (
    select
        event_hash,
        landing_batch,
        event_time,
        event_kind,
        extractor,
        event_run_id,
        describes_own_run,
        integration,
        job_type_facet,
        job_namespace,
        job_name,
        parent_run_id,
        parent_job_namespace,
        parent_job_name,
        root_run_id,
        root_job_namespace,
        root_job_name
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

payloads as (
    select
        event_hash,
        run_hive_session__username,
        run_hive_session__client_ip,
        run_hive_query__operation_name,
        run_starrocks_session__user,
        run_starrocks_session__client_ip
    from {{ ref('stg_event_payloads') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

producers as (
    select
        event_hash,
        producer
    from {{ ref('stg_events') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

events as (
    select
        classified_events.*,
        producers.producer,
        payloads.run_hive_session__username as hive_username,
        payloads.run_hive_session__client_ip as hive_client_ip,
        lower(payloads.run_hive_query__operation_name) || '.' as hive_default_prefix,
        payloads.run_starrocks_session__user as starrocks_user,
        payloads.run_starrocks_session__client_ip as starrocks_client_ip
    from classified_events
    inner join payloads
        on classified_events.event_hash = payloads.event_hash
    inner join producers
        on classified_events.event_hash = producers.event_hash
),

own_jobs as (
    select
        event_hash,
        landing_batch,
        event_time,
        extractor,
        event_run_id,
        'EVENT' as reference_kind,
        event_run_id as run_id,
        job_namespace,
        job_name,
        {{ lineage_warehouse.event_job_type('integration', 'job_type_facet', 'producer') }} as job_type
    from events
    where describes_own_run and extractor not in {{ lineage_warehouse.session_extractors() }}
),

session_jobs as (
    select
        event_hash,
        landing_batch,
        event_time,
        extractor,
        event_run_id,
        'EVENT' as reference_kind,
        event_run_id as run_id,
        job_namespace,
        case
            when extractor = 'STARROCKS' then starrocks_user || '@' || starrocks_client_ip
            when
                hive_username is not null
                and hive_client_ip is not null
                and substr(job_name, 1, length(hive_default_prefix)) = hive_default_prefix
                then hive_username || '@' || hive_client_ip
            else job_name
        end as job_name,
        case when extractor = 'STARROCKS' then 'STARROCKS_SESSION' else 'HIVE_SESSION' end as job_type
    from events
    where extractor in {{ lineage_warehouse.session_extractors() }}
),

parent_jobs as (
    select
        event_hash,
        landing_batch,
        event_time,
        extractor,
        event_run_id,
        'PARENT' as reference_kind,
        parent_run_id as run_id,
        parent_job_namespace as job_namespace,
        parent_job_name as job_name,
        cast(null as string) as job_type
    from events
    where parent_run_id is not null or event_kind = 'JOB'
),

root_jobs as (
    select
        event_hash,
        landing_batch,
        event_time,
        extractor,
        event_run_id,
        'ROOT' as reference_kind,
        root_run_id as run_id,
        root_job_namespace as job_namespace,
        root_job_name as job_name,
        cast(null as string) as job_type
    from events
    where root_run_id is not null
),

all_references as (
    select * from own_jobs
    union all
    select * from session_jobs
    union all
    select * from parent_jobs
    union all
    select * from root_jobs
),

final as (
    select *
    from all_references
    where coalesce(job_namespace, '') != '' and coalesce(job_name, '') != ''
)

select * from final
