{#- Airflow log URLs of §5.3, chosen by processing_engine.version (airflow_version, see version_number).
    They use the raw job namespace as base and expect the columns of int_run_facts' `airflow` step. -#}
{% macro airflow_dag_url() -%}
    case
        when airflow_version >= 3000000 then job_namespace || '/dags/' || dag_id || '/runs/' || dag_run_id
        when airflow_version >= 2003000
            then job_namespace || '/dags/' || dag_id || '/grid?dag_run_id=' || {{ lineage_warehouse.url_quote('dag_run_id') }}
        else job_namespace || '/graph?dag_id=' || {{ lineage_warehouse.url_quote('dag_id') }}
            || '&execution_date=' || {{ lineage_warehouse.url_quote('data_interval_start') }}
    end
{%- endmacro %}

{% macro airflow_task_url() -%}
    case
        when airflow_version >= 3000000
            then job_namespace || '/dags/' || dag_id || '/runs/' || dag_run_id || '/tasks/' || task_id
                || coalesce('/mapped/' || map_index, '')
                || case when try_cast(try_number as bigint) > 0 then '?try_number=' || try_number else '' end
        when airflow_version >= 2009001
            then job_namespace || '/dags/' || dag_id || '/grid?tab=logs&dag_run_id='
                || {{ lineage_warehouse.url_quote('dag_run_id') }} || '&task_id=' || {{ lineage_warehouse.url_quote('task_id') }}
                || '&map_index=' || coalesce(map_index, '-1')
        else job_namespace || '/log?&dag_id=' || {{ lineage_warehouse.url_quote('dag_id') }}
            || '&task_id=' || {{ lineage_warehouse.url_quote('task_id') }}
            || '&execution_date=' || {{ lineage_warehouse.url_quote('data_interval_start') }}
    end
{%- endmacro %}
