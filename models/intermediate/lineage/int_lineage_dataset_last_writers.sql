{#- Per dataset: last read and last written hour bucket, and the last writer = the output row with the latest
    created_at; ties broken by the run's created_at, then run id, then operation id (all descending), so that
    every engine picks the same row. -#}

with

inputs as (
    {{ lineage_warehouse.io_rows_with_jobs(ref('int_io_rows'), ref('int_runs'), 'INPUT') }}
),

outputs as (
    {{ lineage_warehouse.io_rows_with_jobs(ref('int_io_rows'), ref('int_runs'), 'OUTPUT') }}
),

runs as (
    select * from {{ ref('int_runs') }}
),

last_reads as (
    select
        dataset_id,
        max(created_at) as last_read_at
    from inputs
    group by dataset_id
),

ranked_writes as (
    select
        outputs.dataset_id,
        outputs.created_at,
        outputs.job_id,
        outputs.run_id,
        runs.status as run_status,
        row_number() over (
            partition by outputs.dataset_id
            order by
                outputs.created_at desc,
                runs.created_at desc,
                outputs.run_id desc,
                outputs.operation_id desc,
                outputs.schema_id desc
        ) as write_rank
    from outputs
    left join runs
        on outputs.run_id = runs.run_id
),

last_writes as (
    select
        dataset_id,
        created_at as last_written_at,
        job_id as last_writer_job_id,
        run_id as last_writer_run_id,
        run_status as last_writer_run_status
    from ranked_writes
    where write_rank = 1
),

final as (
    select
        coalesce(last_writes.dataset_id, last_reads.dataset_id) as dataset_id,
        last_reads.last_read_at,
        last_writes.last_written_at,
        last_writes.last_writer_job_id,
        last_writes.last_writer_run_id,
        last_writes.last_writer_run_status
    from last_writes
    full outer join last_reads
        on last_writes.dataset_id = last_reads.dataset_id
)

select * from final
