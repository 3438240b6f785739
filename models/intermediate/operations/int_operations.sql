{#- One row per operation (§6.3, set-based by D1): status = highest precedence (run_statuses,
    macros/runs.sql); name, type, times, ended_reason, position, group, description and SQL = the value of
    the latest event (D1 order) that has one (0 is a value, D3; an empty name counts as none); run = the run
    of the earliest event (the reference writes run_id on insert only). A name never given is `unknown`, a
    type never given BATCH. created_at = the UUIDv7 time of the id, else the earliest eventTime (D5).
    last_landing_batch (the newest landing batch with an event of the operation) scopes the refolds of the
    models downstream (int_refold_scope). An operation's row needs only its own events: refolded for the
    operations with an event in an unseen batch (macros/refold_scopes.sql). -#}
{{ lineage_warehouse.refold_config('operation_events', rebuilt_on=['retention']) }}

with

facts as (
    select
        operation_facts.*,
        operation_sql.sql_query,
        {{ lineage_warehouse.d1_order_key('operation_facts.event_time', 'operation_facts.event_hash') }} as order_key,
        {{ lineage_warehouse.run_status_rank('operation_facts.status') }} as status_rank
    from {{ ref('int_operation_facts') }} as operation_facts
    left join {{ ref('int_operation_sql') }} as operation_sql
        on operation_facts.event_hash = operation_sql.event_hash
    where {{ lineage_warehouse.in_refold_scope('operation_facts.operation_id') }}
),

folded as (
    select
        operation_id,
        min(event_time) as first_event_at,
        max(event_time) as last_event_at,
        max(landing_batch) as last_landing_batch,
        min_by(run_id, order_key) as run_id,
        max(status_rank) as status_rank,
        {{ lineage_warehouse.latest_non_null("nullif(name, '')", 'order_key') }} as name,
        {{ lineage_warehouse.latest_non_null('type', 'order_key') }} as type,
        {{ lineage_warehouse.latest_non_null('started_at', 'order_key') }} as started_at,
        {{ lineage_warehouse.latest_non_null('ended_at', 'order_key') }} as ended_at,
        {{ lineage_warehouse.latest_non_null('ended_reason', 'order_key') }} as ended_reason,
        {{ lineage_warehouse.latest_non_null('position', 'order_key') }} as position,
        {{ lineage_warehouse.latest_non_null('group_name', 'order_key') }} as group_name,
        {{ lineage_warehouse.latest_non_null('description', 'order_key') }} as description,
        {{ lineage_warehouse.latest_non_null('sql_query', 'order_key') }} as sql_query,
        min_by(extractor, order_key) as extractor
    from facts
    group by operation_id
),

final as (
    select
        operation_id,
        coalesce({{ lineage_warehouse.uuid_v7_timestamp('operation_id') }}, first_event_at) as created_at,
        run_id,
        extractor,
        coalesce(name, 'unknown') as name,
        coalesce(type, 'BATCH') as type,
        {{ lineage_warehouse.run_status_name('status_rank') }} as status,
        started_at,
        ended_at,
        ended_reason,
        position,
        group_name,
        description,
        sql_query,
        first_event_at,
        last_event_at,
        last_landing_batch,
        {{ lineage_warehouse.refold_partition('operation_id') }} as refold_partition
    from folded
)

select * from final
