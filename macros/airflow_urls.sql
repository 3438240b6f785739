{#- Airflow run URLs of §5.3, built from the columns job_namespace, dag_id, dag_run_id, task_id, map_index,
    try_number and those airflow_url_parts() adds. The base is the raw job namespace
    (only when it starts with 'http'); the form is chosen by processing_engine.version (normalised PEP 440; no
    valid facet gives the oldest form); q() = url_quote (Python quote, '/' kept); execution_date =
    q(isoformat(data_interval_start)) of the UTC instant. -#}

{#- The version flags and quoted parts the URL macros read, as select-list items (one computation each). -#}
{#- version: the normalised processing_engine.version; interval_start: the data_interval_start timestamp. -#}
{% macro airflow_url_parts(version, interval_start) -%}
    {{ lineage_warehouse.pep440_at_least(version, [3, 0, 0]) }} as airflow_3_0,
    {{ lineage_warehouse.pep440_at_least(version, [2, 9, 1]) }} as airflow_2_9_1,
    {{ lineage_warehouse.pep440_at_least(version, [2, 3, 0]) }} as airflow_2_3,
    {{ lineage_warehouse.url_quote('dag_id') }} as quoted_dag_id,
    {{ lineage_warehouse.url_quote('dag_run_id') }} as quoted_run_id,
    {{ lineage_warehouse.url_quote('task_id') }} as quoted_task_id,
    {{ lineage_warehouse.url_quote(lineage_warehouse.format_python_isoformat(interval_start)) }}
        as quoted_execution_date
{%- endmacro %}

{#- DAG run: ≥ 3.0 {ns}/dags/{dag_id}/runs/{run_id}; ≥ 2.3 {ns}/dags/{dag_id}/grid?dag_run_id={q(run_id)};
    older {ns}/graph?dag_id={q(dag_id)}&execution_date={q(isoformat(data_interval_start))}. -#}
{% macro airflow_dag_url() -%}
    {%- set ns, dag_id, run_id = 'job_namespace', 'dag_id', 'dag_run_id' -%}
    case
        when substr({{ ns }}, 1, 4) != 'http' then null
        when airflow_3_0 then {{ ns }} || '/dags/' || {{ dag_id }} || '/runs/' || {{ run_id }}
        when airflow_2_3 then {{ ns }} || '/dags/' || {{ dag_id }} || '/grid?dag_run_id=' || quoted_run_id
        else {{ ns }} || '/graph?dag_id=' || quoted_dag_id || '&execution_date=' || quoted_execution_date
    end
{%- endmacro %}

{#- Task instance: ≥ 3.0 {ns}/dags/{dag_id}/runs/{run_id}/tasks/{task_id}[/mapped/{map_index}]
    [?try_number={n}, n > 0]; ≥ 2.9.1 {ns}/dags/{dag_id}/grid?tab=logs&dag_run_id={q(run_id)}&task_id={q(task_id)}
    &map_index={map_index, -1 when NULL}; older {ns}/log?&dag_id={q(dag_id)}&task_id={q(task_id)}
    &execution_date={q(isoformat(data_interval_start))}. -#}
{% macro airflow_task_url() -%}
    {%- set ns, dag_id, run_id, task_id = 'job_namespace', 'dag_id', 'dag_run_id', 'task_id' -%}
    {%- set map_index, try_number = 'map_index', 'try_number' -%}
    case
        when substr({{ ns }}, 1, 4) != 'http' then null
        when airflow_3_0
            then {{ ns }} || '/dags/' || {{ dag_id }} || '/runs/' || {{ run_id }} || '/tasks/' || {{ task_id }}
                || coalesce('/mapped/' || {{ map_index }}, '')
                || case
                    when try_cast({{ try_number }} as bigint) > 0 then '?try_number=' || {{ try_number }}
                    else ''
                end
        when airflow_2_9_1
            then {{ ns }} || '/dags/' || {{ dag_id }} || '/grid?tab=logs&dag_run_id=' || quoted_run_id
                || '&task_id=' || quoted_task_id || '&map_index=' || coalesce({{ map_index }}, '-1')
        else {{ ns }} || '/log?&dag_id=' || quoted_dag_id || '&task_id=' || quoted_task_id
            || '&execution_date=' || quoted_execution_date
    end
{%- endmacro %}
