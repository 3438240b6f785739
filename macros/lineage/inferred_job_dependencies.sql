{#- The writes behind inferred job dependencies (docs/rules.md "Job hierarchy: query" with D15), as a query text: one
    row per (from_job_id, to_job_id, written_dataset_id, written_at) where the from job wrote written_dataset_id in
    the hour bucket written_at, and the to job, another job, read that dataset or one in its connected group of
    symlinks in that bucket or later. `outputs` and `inputs` are relations (or subqueries) with job_id, dataset_id and
    created_at; `symlinks` one with from_dataset_id and to_dataset_id. Used by job_dependency_edges (over all
    time); a hierarchy query can pass windowed inputs and outputs. `rounds` (default var symlink_group_rounds, 8)
    bounds the symlink group walk (macros/lineage/symlink_groups.sql). -#}
{% macro inferred_job_dependency_writes(outputs, inputs, symlinks, rounds=none) -%}
    {%- set rounds = (var('symlink_group_rounds', 8) if rounds is none else rounds) | int -%}
    with

    inferred_symlinks as (
        select
            from_dataset_id,
            to_dataset_id
        from {{ symlinks }} as inferred_symlink_rows
    ),

    {{ lineage_warehouse.symlink_group_rounds('inferred_symlinks', rounds) }}

    inferred_writes as (
        select distinct
            written.job_id,
            written.dataset_id,
            coalesce(groups.label, written.dataset_id) as group_id,
            written.created_at
        from {{ outputs }} as written
        left join symlink_round_{{ rounds }} as groups
            on written.dataset_id = groups.dataset_id
        where written.job_id is not null
    ),

    inferred_last_reads as (
        select
            read_rows.job_id,
            coalesce(groups.label, read_rows.dataset_id) as group_id,
            max(read_rows.created_at) as last_read_at
        from {{ inputs }} as read_rows
        left join symlink_round_{{ rounds }} as groups
            on read_rows.dataset_id = groups.dataset_id
        where read_rows.job_id is not null
        group by read_rows.job_id, coalesce(groups.label, read_rows.dataset_id)
    )

    select
        inferred_writes.job_id as from_job_id,
        inferred_last_reads.job_id as to_job_id,
        inferred_writes.dataset_id as written_dataset_id,
        inferred_writes.created_at as written_at
    from inferred_writes
    inner join inferred_last_reads
        on inferred_writes.group_id = inferred_last_reads.group_id
    where
        inferred_writes.job_id != inferred_last_reads.job_id
        and inferred_last_reads.last_read_at >= inferred_writes.created_at
{%- endmacro %}
