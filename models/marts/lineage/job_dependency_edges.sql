{#- Every job → job edge of the hierarchy (job-hierarchy.md §3, §5; D15), one row per (edge_kind, from_job_id,
    to_job_id):
    - PARENT: parent job → child job (jobs.parent_job_id);
    - DEPENDENCY: the declared dependencies (job_dependencies), dependency_type = their type;
    - INFERRED: writer job → reader job when the writer's output and the reader's input are one dataset or in one
      connected group of dataset_symlinks, the jobs differ and the read's hour bucket is at or after the write's
      (D15: the reference requires the opposite); over all time. dependency_type 'INFERRED_FROM_LINEAGE',
      via_dataset_count = the written datasets behind the edge, first/last_seen_at = the earliest and latest output
      created_at of the qualifying pairs. -#}
{%- set rounds = var('symlink_group_rounds', 8) | int %}

with

parents as (
    select * from {{ ref('int_job_parents') }}
),

dependencies as (
    select * from {{ ref('job_dependencies') }}
),

outputs as (
    select * from {{ ref('outputs') }}
),

inputs as (
    select * from {{ ref('inputs') }}
),

symlinks as (
    select * from {{ ref('dataset_symlinks') }}
),

{{ lineage_warehouse.symlink_group_rounds('symlinks', rounds) }}

writes as (
    select distinct
        outputs.job_id,
        outputs.dataset_id,
        coalesce(groups.label, outputs.dataset_id) as group_id,
        outputs.created_at
    from outputs
    left join symlink_round_{{ rounds }} as groups
        on outputs.dataset_id = groups.dataset_id
    where outputs.job_id is not null
),

last_reads as (
    select
        inputs.job_id,
        coalesce(groups.label, inputs.dataset_id) as group_id,
        max(inputs.created_at) as last_read_at
    from inputs
    left join symlink_round_{{ rounds }} as groups
        on inputs.dataset_id = groups.dataset_id
    where inputs.job_id is not null
    group by inputs.job_id, coalesce(groups.label, inputs.dataset_id)
),

inferred as (
    select
        'INFERRED' as edge_kind,
        writes.job_id as from_job_id,
        last_reads.job_id as to_job_id,
        'INFERRED_FROM_LINEAGE' as dependency_type,
        count(distinct writes.dataset_id) as via_dataset_count,
        min(writes.created_at) as first_seen_at,
        max(writes.created_at) as last_seen_at
    from writes
    inner join last_reads
        on writes.group_id = last_reads.group_id
    where writes.job_id != last_reads.job_id and last_reads.last_read_at >= writes.created_at
    group by writes.job_id, last_reads.job_id
),

parent_edges as (
    select
        'PARENT' as edge_kind,
        parent_job_id as from_job_id,
        job_id as to_job_id,
        cast(null as string) as dependency_type,
        cast(null as bigint) as via_dataset_count,
        first_seen_at,
        last_seen_at
    from parents
),

dependency_edges as (
    select
        'DEPENDENCY' as edge_kind,
        from_job_id,
        to_job_id,
        type as dependency_type,
        cast(null as bigint) as via_dataset_count,
        first_seen_at,
        last_seen_at
    from dependencies
),

final as (
    select * from parent_edges
    union all
    select * from dependency_edges
    union all
    select
        edge_kind,
        from_job_id,
        to_job_id,
        dependency_type,
        cast(via_dataset_count as bigint) as via_dataset_count,
        first_seen_at,
        last_seen_at
    from inferred
)

select * from final
