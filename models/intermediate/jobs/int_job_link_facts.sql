{#- The job → job links each event declares (docs/rules.md "Job hierarchy: parents", "Job hierarchy: dependencies"),
    by namespace and name, before locations are resolved; one row per event and link. The job an event links is its
    EVENT job of int_job_reference_facts (the job of its own run, the Hive session job), never a Spark application
    named exactly 'unknown':
    - PARENT (source PARENT_FACET): the job of the parent facet's run → the event's job, and, on Airflow task
      events, → each sibling task named by the task ids below;
    - DEPENDENCY (source FACET): each jobDependencies entry, upstream[] entry job → the event's job,
      downstream[] the event's job → entry job, typed by dependency_type (each entry parsed in staging:
      stg_job_dependency_entries); an entry that is not an object with a job namespace and name is skipped alone
      (D5);
    - DEPENDENCY (source AIRFLOW_TASK_IDS): on Airflow task events with a valid `airflow` facet, each upstream task
      id x gives '{dag_id}.x' → the task, each downstream id the task → '{dag_id}.x', in the task's namespace, type
      DIRECT_DEPENDENCY; the ids arrive as a JSON array or as a text holding a list literal (anything else is a
      problem int_run_event_facets notes, `airflow_task_ids_problem`, and gives no link).
    from_job_type / to_job_type are AIRFLOW_TASK on a sibling task end (that job is typed by the link), else NULL.
    Appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

job_references as (
    select * from {{ ref('int_job_reference_facts') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

payloads as (
    select
        event_hash,
        run_airflow__task__upstream_task_ids as upstream_task_ids,
        run_airflow__task__downstream_task_ids as downstream_task_ids
    from {{ ref('stg_event_payloads') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

airflow_facets as (
    select
        event_hash,
        dag_id,
        upstream_task_ids_problem,
        downstream_task_ids_problem
    from {{ ref('int_run_event_facets') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and extractor = 'AIRFLOW_TASK' and has_airflow_facet
),

linked_jobs as (
    select
        event_hash,
        landing_batch,
        event_time,
        job_namespace,
        job_name
    from job_references
    where reference_kind = 'EVENT' and not (extractor = 'SPARK' and job_name = 'unknown')
),

parent_jobs as (
    select
        event_hash,
        job_namespace as parent_job_namespace,
        job_name as parent_job_name
    from job_references
    where reference_kind = 'PARENT'
),

events as (
    select
        linked_jobs.*,
        parent_jobs.parent_job_namespace,
        parent_jobs.parent_job_name,
        case when airflow_facets.dag_id is not null then payloads.upstream_task_ids end as upstream_task_ids,
        case when airflow_facets.dag_id is not null then payloads.downstream_task_ids end as downstream_task_ids,
        airflow_facets.upstream_task_ids_problem,
        airflow_facets.downstream_task_ids_problem,
        airflow_facets.dag_id
    from linked_jobs
    inner join payloads
        on linked_jobs.event_hash = payloads.event_hash
    left join parent_jobs
        on linked_jobs.event_hash = parent_jobs.event_hash
    left join airflow_facets
        on linked_jobs.event_hash = airflow_facets.event_hash
),

dependency_entries as (
    select
        event_hash,
        direction,
        job_namespace as entry_job_namespace,
        job_name as entry_job_name,
        dependency_type as entry_dependency_type
    from {{ ref('stg_job_dependency_entries') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

facet_entries as (
    select
        events.*,
        dependency_entries.direction,
        dependency_entries.entry_job_namespace,
        dependency_entries.entry_job_name,
        dependency_entries.entry_dependency_type
    from events
    inner join dependency_entries
        on events.event_hash = dependency_entries.event_hash
),

task_id_lists as (
    select
        events.*,
        'UPSTREAM' as direction,
        events.upstream_task_ids as task_ids,
        events.upstream_task_ids_problem as task_ids_problem
    from events
    where events.upstream_task_ids is not null
    union all
    select
        events.*,
        'DOWNSTREAM' as direction,
        events.downstream_task_ids as task_ids,
        events.downstream_task_ids_problem as task_ids_problem
    from events
    where events.downstream_task_ids is not null
),

task_ids as (
    select
        task_id_lists.*,
        {{ lineage_warehouse.python_string_item_text('items.value') }} as task_id
    from task_id_lists
    {{ lineage_warehouse.explode_array(lineage_warehouse.regex_extract_all('task_id_lists.task_ids',
        lineage_warehouse.python_string_item_pattern()), 'items') }}
    where task_id_lists.task_ids_problem is null
),

sibling_tasks as (
    select
        *,
        job_namespace as sibling_job_namespace,
        dag_id || '.' || task_id as sibling_job_name
    from task_ids
    where task_id != ''
),

parent_links as (
    select
        event_hash,
        landing_batch,
        event_time,
        'PARENT' as link_kind,
        'PARENT_FACET' as source,
        parent_job_namespace as from_job_namespace,
        parent_job_name as from_job_name,
        cast(null as string) as from_job_type,
        job_namespace as to_job_namespace,
        job_name as to_job_name,
        cast(null as string) as to_job_type,
        cast(null as string) as dependency_type
    from events
    where parent_job_name is not null
    union all
    select
        event_hash,
        landing_batch,
        event_time,
        'PARENT' as link_kind,
        'PARENT_FACET' as source,
        parent_job_namespace as from_job_namespace,
        parent_job_name as from_job_name,
        cast(null as string) as from_job_type,
        sibling_job_namespace as to_job_namespace,
        sibling_job_name as to_job_name,
        'AIRFLOW_TASK' as to_job_type,
        cast(null as string) as dependency_type
    from sibling_tasks
    where parent_job_name is not null
),

dependency_links as (
    select
        event_hash,
        landing_batch,
        event_time,
        'DEPENDENCY' as link_kind,
        'FACET' as source,
        case when direction = 'UPSTREAM' then entry_job_namespace else job_namespace end as from_job_namespace,
        case when direction = 'UPSTREAM' then entry_job_name else job_name end as from_job_name,
        cast(null as string) as from_job_type,
        case when direction = 'UPSTREAM' then job_namespace else entry_job_namespace end as to_job_namespace,
        case when direction = 'UPSTREAM' then job_name else entry_job_name end as to_job_name,
        cast(null as string) as to_job_type,
        entry_dependency_type as dependency_type
    from facet_entries
    where coalesce(entry_job_namespace, '') != '' and coalesce(entry_job_name, '') != ''
    union all
    select
        event_hash,
        landing_batch,
        event_time,
        'DEPENDENCY' as link_kind,
        'AIRFLOW_TASK_IDS' as source,
        case when direction = 'UPSTREAM' then sibling_job_namespace else job_namespace end as from_job_namespace,
        case when direction = 'UPSTREAM' then sibling_job_name else job_name end as from_job_name,
        case when direction = 'UPSTREAM' then 'AIRFLOW_TASK' end as from_job_type,
        case when direction = 'UPSTREAM' then job_namespace else sibling_job_namespace end as to_job_namespace,
        case when direction = 'UPSTREAM' then job_name else sibling_job_name end as to_job_name,
        case when direction = 'DOWNSTREAM' then 'AIRFLOW_TASK' end as to_job_type,
        'DIRECT_DEPENDENCY' as dependency_type
    from sibling_tasks
),

final as (
    select * from parent_links
    union all
    select * from dependency_links
)

select * from final
