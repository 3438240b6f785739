{#- docs/rules.md "Lineage: The graph": Run → Run from runs.parent_run_id (e.g. Airflow task → Spark application), a
    relation of its own so that lineage_parents keeps the strict JOB → RUN → OPERATION hierarchy. -#}

with

runs as (
    select * from {{ ref('runs') }}
),

final as (
    select
        'RUN' as from_kind,
        parent_run_id as from_id,
        'RUN' as to_kind,
        run_id as to_id,
        root_run_id
    from runs
    where parent_run_id is not null
)

select * from final
