{#- Job type from the jobType facet (§3.1): upper(integration || '_' || jobType), upper(integration) when
    jobType is empty, NULL without the facet. Hive sessions are always HIVE_SESSION (§3.2), StarRocks sessions
    STARROCKS_SESSION (docs/rules.md "StarRocks"). -#}
{% macro generic_job_type(integration, job_type) -%}
    case
        when coalesce({{ integration }}, '') = '' then null
        when coalesce({{ job_type }}, '') = '' then upper({{ integration }})
        else upper({{ integration }} || '_' || {{ job_type }})
    end
{%- endmacro %}

{#- Job types the reference seeds or the known integrations produce (§3.1, §3.2). Other integrations give other
    upper-case types through the generic rule, so the accepted_values test on jobs.type only warns. -#}
{% macro known_job_types() -%}
    {{ return(['UNKNOWN', 'SPARK_APPLICATION', 'AIRFLOW_DAG', 'AIRFLOW_TASK', 'HIVE_SESSION', 'FLINK_JOB',
               'DBT_JOB', 'STARROCKS_SESSION']) }}
{%- endmacro %}
