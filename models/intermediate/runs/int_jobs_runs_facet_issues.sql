{#- Run and job facets dropped by the job, tag, user and run models (D5), one row each, for
    staging.facet_issues: the facet path and the reason code of macros/run_facets.sql. A view: the reasons are
    columns of int_run_event_facets already, so a table would copy them again on every run. -#}
{{ config(materialized='view') }}

{%- set checks = [
    ('run.facets.processing_engine', 'engine_problem'),
    ('run.facets.spark_applicationDetails', 'spark_problem'),
    ('run.facets.airflowDagRun', 'dag_run_problem'),
    ('run.facets.airflow', 'task_problem'),
    ('run.facets.dataRentgen_run', 'dr_run_problem'),
    ('run.facets.nominalTime', 'nominal_problem'),
    ('job.facets.tags', 'job_tags_problem'),
    ('run.facets.tags', 'run_tags_problem'),
    ('run.facets.airflow.task.upstream_task_ids', 'upstream_task_ids_problem'),
    ('run.facets.airflow.task.downstream_task_ids', 'downstream_task_ids_problem'),
    ('run.facets.spark_jobDetails', 'spark_job_problem'),
    ('run.facets.flink_job', 'flink_job_problem'),
    ('run.facets.dbt_run', 'dbt_run_problem'),
] %}

with

facets as (
    select * from {{ ref('int_run_event_facets') }}
),

{%- for facet, column in checks %}

    issues_{{ loop.index }} as (
        select
            event_hash,
            '{{ facet }}' as facet,
            {{ column }} as reason
        from facets
        where {{ column }} is not null
    ),
{%- endfor %}

final as (
    {%- for facet, column in checks %}
        select * from issues_{{ loop.index }}
        {%- if not loop.last %}
            union all
        {%- endif %}
    {%- endfor %}
)

select * from final
