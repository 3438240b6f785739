{#- Every facet of stg_event_facets on the entity it describes (docs/rules.md "Facets: every facet"), one row per
    event and facet path, named by natural keys (the folds resolve job and dataset ids):
    - run.facets: the RUN the event describes (event_run_id), or, for an operation event that does not describe
      its own run (a Spark job, a Hive or StarRocks query, a dbt model), its OPERATION (operation id = runId);
    - job.facets: the event's own JOB where it is a job entity (as int_job_facet_events: the job of the run it
      describes, a JobEvent's job), else the OPERATION of an operation event; other events' job facets (a
      StarRocks session's) describe no entity;
    - an entry's facets: the entry's DATASET (int_event_datasets: operation events' entries and static datasets,
      reserved names dropped, names rewritten);
    - inputFacets / outputFacets: the INPUT or OUTPUT (the entry's io_kind) of the operation of an operation
      event, on the entry's dataset.
    `order_key` is the D1 order (for an entry's facets, then inputs before outputs and the entry's position).
    Appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

facets as (
    select
        event_hash,
        landing_batch,
        facet_container,
        io_kind,
        io_position,
        facet_path,
        facet_name
    from {{ ref('stg_event_facets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

events as (
    select
        event_hash,
        event_time,
        run_id,
        event_run_id,
        is_operation_event,
        describes_own_run
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

own_jobs as (
    select
        event_hash,
        max(job_namespace) as job_namespace,
        max(job_name) as job_name
    from {{ ref('int_job_references') }}
    where
        {{ lineage_warehouse.in_unseen_batch() }}
        and reference_kind = 'EVENT'
        and describes_run
        and extractor not in {{ lineage_warehouse.session_extractors() }}
    group by event_hash
),

datasets as (
    select
        event_hash,
        io_kind,
        io_position,
        namespace,
        name
    from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

run_and_job_facets as (
    select
        facets.*,
        events.event_time,
        case
            when facets.facet_container = 'job' and own_jobs.event_hash is not null then 'JOB'
            when events.is_operation_event and not events.describes_own_run then 'OPERATION'
            when facets.facet_container = 'job' and events.is_operation_event then 'OPERATION'
            when facets.facet_container = 'run' then 'RUN'
        end as entity_kind,
        events.run_id,
        events.event_run_id,
        own_jobs.job_namespace as namespace,
        own_jobs.job_name as name,
        {{ lineage_warehouse.d1_order_key('events.event_time', 'events.event_hash') }} as order_key
    from facets
    inner join events
        on facets.event_hash = events.event_hash
    left join own_jobs
        on facets.event_hash = own_jobs.event_hash
    where facets.facet_container in ('run', 'job')
),

run_and_job_entities as (
    select
        event_hash,
        landing_batch,
        facet_container,
        facet_path,
        facet_name,
        event_time,
        order_key,
        entity_kind,
        case entity_kind when 'RUN' then event_run_id when 'OPERATION' then run_id end as entity_ref,
        cast(null as string) as operation_id,
        case when entity_kind = 'JOB' then namespace end as namespace,
        case when entity_kind = 'JOB' then name end as name
    from run_and_job_facets
),

entry_entities as (
    select
        facets.event_hash,
        facets.landing_batch,
        facets.facet_container,
        facets.facet_path,
        facets.facet_name,
        events.event_time,
        {{ lineage_warehouse.d1_entry_order_key('events.event_time', 'events.event_hash', 'facets.io_kind',
            'facets.io_position') }} as order_key,
        case when facets.facet_container = 'dataset' then 'DATASET' else datasets.io_kind end as entity_kind,
        cast(null as string) as entity_ref,
        case when facets.facet_container != 'dataset' then events.run_id end as operation_id,
        datasets.namespace,
        datasets.name
    from facets
    inner join datasets
        on
            facets.event_hash = datasets.event_hash
            and facets.io_kind = datasets.io_kind
            and facets.io_position = datasets.io_position
    inner join events
        on facets.event_hash = events.event_hash
    where
        facets.facet_container = 'dataset'
        or (events.is_operation_event and datasets.io_kind in ('INPUT', 'OUTPUT'))
),

final as (
    select * from run_and_job_entities
    where entity_kind = 'JOB' or entity_ref is not null
    union all
    select * from entry_entities
)

select * from final
