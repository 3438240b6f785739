{#- Per dataset: last read and last written hour bucket, and the last writer (docs/rules.md "Lineage: last
    writer"): the output row holding the output entry whose event comes last in D1 order (eventTime, then event
    hash; inside one event the later entry), never by a run's created_at or an hour bucket, so that a retry or a
    run of an earlier logical date that executed later is the last writer. The order key is unique per entry, so
    every engine picks the same row. -#}

with

io_rows as (
    select * from {{ ref('int_io_rows') }}
),

runs as (
    select * from {{ ref('int_runs') }}
),

last_reads as (
    select
        dataset_id,
        max(created_at) as last_read_at
    from io_rows
    where io_kind = 'INPUT'
    group by dataset_id
),

outputs as (
    select
        dataset_id,
        created_at,
        run_id,
        last_entry_order
    from io_rows
    where io_kind = 'OUTPUT'
),

last_writes as (
    select
        dataset_id,
        max(created_at) as last_written_at,
        max_by(run_id, last_entry_order) as last_writer_run_id
    from outputs
    group by dataset_id
),

final as (
    select
        coalesce(last_writes.dataset_id, last_reads.dataset_id) as dataset_id,
        last_reads.last_read_at,
        last_writes.last_written_at,
        runs.job_id as last_writer_job_id,
        last_writes.last_writer_run_id,
        runs.status as last_writer_run_status
    from last_writes
    left join runs
        on last_writes.last_writer_run_id = runs.run_id
    full outer join last_reads
        on last_writes.dataset_id = last_reads.dataset_id
)

select * from final
