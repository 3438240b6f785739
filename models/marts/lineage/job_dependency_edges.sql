{#- Every job → job edge of the hierarchy (docs/rules.md "Job hierarchy: query"; D15), one row per (edge_kind,
    from_job_id, to_job_id):
    - PARENT: parent job → child job (jobs.parent_job_id);
    - DEPENDENCY: the declared dependencies (job_dependencies), dependency_type = their type;
    - INFERRED: writer job → reader job when the writer's output and the reader's input are one dataset or in one
      connected group of dataset_symlinks, the jobs differ and the read's hour bucket is at or after the write's
      (D15: the reference requires the opposite); over all time (macros/lineage/inferred_job_dependencies.sql).
      dependency_type 'INFERRED_FROM_LINEAGE', via_dataset_count = the written datasets behind the edge,
      first/last_seen_at = the earliest and latest output created_at of the qualifying writes. -#}

with

parents as (
    select * from {{ ref('int_job_parents') }}
),

dependencies as (
    select * from {{ ref('job_dependencies') }}
),

inferred_writes as (
    select * from (
        {{ lineage_warehouse.inferred_job_dependency_writes(ref('outputs'), ref('inputs'), ref('dataset_symlinks')) }}
    ) as writes
),

inferred as (
    select
        'INFERRED' as edge_kind,
        from_job_id,
        to_job_id,
        'INFERRED_FROM_LINEAGE' as dependency_type,
        count(distinct written_dataset_id) as via_dataset_count,
        min(written_at) as first_seen_at,
        max(written_at) as last_seen_at
    from inferred_writes
    group by from_job_id, to_job_id
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
