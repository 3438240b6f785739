{#- lineage.md "Aggregation" step 3: DATASET granularity. A → B exists when one operation has an input on A and an
    output on B, A ≠ B (never across two operations of one run). Counters cannot be split: NULL. Output types =
    OR of the outputs on B of those operations; first/last interaction = earliest/latest output time of the pairs;
    distinct jobs, runs and operations behind the edge. -#}

with

inputs as (
    {{ lineage_warehouse.io_rows_with_jobs(ref('int_io_rows'), ref('int_runs'), 'INPUT') }}
),

outputs as (
    {{ lineage_warehouse.io_rows_with_jobs(ref('int_io_rows'), ref('int_runs'), 'OUTPUT') }}
),

read_per_operation as (
    select distinct
        operation_id,
        dataset_id
    from inputs
),

written_per_operation as (
    select
        operation_id,
        dataset_id,
        min(job_id) as job_id,
        min(run_id) as run_id,
        bit_or(output_types_mask) as output_types_mask,
        min(created_at) as first_written_at,
        max(created_at) as last_written_at
    from outputs
    group by operation_id, dataset_id
),

pairs as (
    select
        read_per_operation.dataset_id as from_dataset_id,
        written_per_operation.dataset_id as to_dataset_id,
        written_per_operation.job_id,
        written_per_operation.run_id,
        written_per_operation.operation_id,
        written_per_operation.output_types_mask,
        written_per_operation.first_written_at,
        written_per_operation.last_written_at
    from read_per_operation
    inner join written_per_operation
        on read_per_operation.operation_id = written_per_operation.operation_id
    where read_per_operation.dataset_id != written_per_operation.dataset_id
),

aggregated as (
    select
        from_dataset_id,
        to_dataset_id,
        bit_or(output_types_mask) as output_types_mask,
        min(first_written_at) as first_interaction_at,
        max(last_written_at) as last_interaction_at,
        count(distinct job_id) as job_count,
        count(distinct run_id) as run_count,
        count(distinct operation_id) as operation_count
    from pairs
    group by from_dataset_id, to_dataset_id
),

final as (
    select
        'DATASET' as granularity,
        'DATASET' as edge_kind,
        'DATASET' as from_kind,
        from_dataset_id as from_id,
        'DATASET' as to_kind,
        to_dataset_id as to_id,
        cast(null as bigint) as num_rows,
        cast(null as bigint) as num_bytes,
        cast(null as bigint) as num_files,
        {{ lineage_warehouse.flag_names('output_types_mask', lineage_warehouse.output_type_flags(), '') }}
            as output_types,
        output_types_mask,
        first_interaction_at,
        last_interaction_at,
        job_count,
        run_count,
        operation_count
    from aggregated
)

select * from final
