{#- One row per run (§5, D1, D5, D8, D9, D11): every run an event describes, and every parent or root run an
    event refers to (those get status UNKNOWN when they never send events, D9).
    - status: the highest precedence seen (KILLED > FAILED > SUCCEEDED > STARTED > UNKNOWN, OTHER says nothing);
    - every other field: later non-null wins = the value of the latest event in D1 order that sets it;
    - created_at: the UUIDv7 timestamp, else the earliest eventTime of an event describing or naming the run (D5);
    - job (D11): the job of the latest event describing the run; references from other runs' events only when no
      event describes it; a job named `unknown` never replaces a known one;
    - reported_root_run_id: the root the run's own events name; else the root its children name for it.
    Refolded for the runs an event of an unseen batch names (macros/refold_scopes.sql, scope 'run_events'): a
    run's row reads only the events and job references that name it. -#}
{%- set refold_scope = 'run_events' %}
{{ lineage_warehouse.refold_config(refold_scope) }}

with

events as (
    select * from {{ ref('int_events_classified') }}
),

facts as (
    select
        *,
        {{ lineage_warehouse.d1_order_key('event_time', 'event_hash') }} as order_key,
        {{ lineage_warehouse.run_status_rank('status') }} as status_rank
    from {{ ref('int_run_facts') }}
    where {{ lineage_warehouse.in_refold_scope('run_id', 'RUN', refold_scope) }}
),

job_refs as (
    select * from {{ ref('int_job_references') }}
    -- the ends of a job link name no run
    where run_id is not null and {{ lineage_warehouse.in_refold_scope('run_id', 'RUN', refold_scope) }}
),

mentions as (
    select
        event_run_id as run_id,
        event_time
    from events
    -- a static event (D16) describes no run
    where event_run_id is not null and {{ lineage_warehouse.in_refold_scope('event_run_id', 'RUN', refold_scope) }}
    union all
    select
        parent_run_id as run_id,
        event_time
    from events
    where parent_run_id is not null and {{ lineage_warehouse.in_refold_scope('parent_run_id', 'RUN', refold_scope) }}
    union all
    select
        root_run_id as run_id,
        event_time
    from events
    where root_run_id is not null and {{ lineage_warehouse.in_refold_scope('root_run_id', 'RUN', refold_scope) }}
),

run_ids as (
    select
        run_id,
        min(event_time) as first_seen_at
    from mentions
    group by run_id
),

-- a child's parent facet names the root of the whole chain, which is also its parent's root
inherited_roots as (
    select
        parent_run_id as run_id,
        {{ lineage_warehouse.latest_non_null('root_run_id',
            lineage_warehouse.d1_order_key('event_time', 'event_hash')) }} as inherited_root_run_id
    from events
    where
        parent_run_id != event_run_id and root_run_id != parent_run_id
        and {{ lineage_warehouse.in_refold_scope('parent_run_id', 'RUN', refold_scope) }}
    group by parent_run_id
),

-- the references that can bind each run (D11): the best by the binding order, ties kept; only these are
-- resolved to a job id, which settles a tie
binding_candidates as (
    select
        run_id,
        job_namespace,
        job_name,
        rank() over (
            partition by run_id
            order by
                case when lower(job_name) = 'unknown' then 1 else 0 end,
                case when describes_run then 0 else 1 end,
                {{ lineage_warehouse.d1_order_key('event_time', 'event_hash') }} desc
        ) as candidate_rank
    from job_refs
),

best_candidates as (
    select * from binding_candidates
    where candidate_rank = 1
),

located_candidates as (
    {{ lineage_warehouse.select_with_entity_id('best_candidates', 'job', ref('int_namespace_locations'), 'job_namespace', 'job_name') }}
),

job_bindings as (
    select
        run_id,
        job_id,
        row_number() over (partition by run_id order by job_id) as binding_rank
    from located_candidates
),

folded as (
    select
        run_id,
        max(status_rank) as status_rank,
        {{ lineage_warehouse.latest_non_null('started_at', 'order_key') }} as started_at,
        {{ lineage_warehouse.latest_non_null('ended_at', 'order_key') }} as ended_at,
        {{ lineage_warehouse.latest_non_null('ended_reason', 'order_key') }} as ended_reason,
        {{ lineage_warehouse.latest_non_null('parent_run_id', 'order_key') }} as parent_run_id,
        {{ lineage_warehouse.latest_non_null('reported_root_run_id', 'order_key') }} as reported_root_run_id,
        {{ lineage_warehouse.latest_non_null('external_id', 'order_key') }} as external_id,
        {{ lineage_warehouse.latest_non_null('attempt', 'order_key') }} as attempt,
        {{ lineage_warehouse.latest_non_null('running_log_url', 'order_key') }} as running_log_url,
        {{ lineage_warehouse.latest_non_null('persistent_log_url', 'order_key') }} as persistent_log_url,
        {{ lineage_warehouse.latest_non_null('start_reason', 'order_key') }} as start_reason,
        {{ lineage_warehouse.latest_non_null('user_name', 'order_key') }} as user_name,
        {{ lineage_warehouse.latest_non_null('expected_start_at', 'order_key') }} as expected_start_at,
        {{ lineage_warehouse.latest_non_null('expected_end_at', 'order_key') }} as expected_end_at
    from facts
    group by run_id
),

final as (
    select
        run_ids.run_id,
        coalesce({{ lineage_warehouse.uuid_v7_timestamp('run_ids.run_id') }}, run_ids.first_seen_at) as created_at,
        job_bindings.job_id,
        folded.parent_run_id,
        coalesce(folded.reported_root_run_id, inherited_roots.inherited_root_run_id) as reported_root_run_id,
        coalesce({{ lineage_warehouse.run_status_name('folded.status_rank') }}, 'UNKNOWN') as status,
        folded.started_at,
        case when folded.user_name is not null then {{ lineage_warehouse.user_id('folded.user_name') }} end
            as started_by_user_id,
        folded.user_name as started_by_user_name,
        folded.start_reason,
        folded.ended_at,
        folded.ended_reason,
        folded.external_id,
        folded.attempt,
        folded.running_log_url,
        folded.persistent_log_url,
        folded.expected_start_at,
        folded.expected_end_at,
        {{ lineage_warehouse.refold_partition('run_ids.run_id') }} as refold_partition
    from run_ids
    left join folded
        on run_ids.run_id = folded.run_id
    left join inherited_roots
        on run_ids.run_id = inherited_roots.run_id
    left join job_bindings
        on run_ids.run_id = job_bindings.run_id and job_bindings.binding_rank = 1
)

select * from final
