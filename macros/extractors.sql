{#- The extractors (§0 step 2, docs/rules.md "StarRocks"). -#}

{#- The extractor that handles an event: the first that matches in the order Spark, Airflow DAG, Airflow task, Hive,
    Flink, dbt, StarRocks, Unknown (integration strings matched exactly, case-sensitively). StarRocks needs a valid
    starrocks_session facet (`starrocks_problem` is starrocks_session_problem, NULL when valid); without one the event
    falls through to Unknown (docs/decisions/starrocks-unusable-session.md). -#}
{% macro event_extractor(integration, job_type, job_namespace, starrocks_problem) -%}
    case
        when {{ integration }} = 'SPARK' then 'SPARK'
        when {{ integration }} = 'AIRFLOW' and {{ job_type }} = 'DAG' then 'AIRFLOW_DAG'
        when {{ integration }} = 'AIRFLOW' and {{ job_type }} = 'TASK' then 'AIRFLOW_TASK'
        when lower({{ job_namespace }}) like 'hive://%' or {{ integration }} = 'HIVE' then 'HIVE'
        when {{ integration }} = 'FLINK' then 'FLINK'
        when {{ integration }} = 'DBT' then 'DBT'
        when {{ integration }} = 'STARROCKS' and {{ starrocks_problem }} is null then 'STARROCKS'
        else 'UNKNOWN'
    end
{%- endmacro %}

{#- The extractors whose events describe a session run with a session job (Hive, StarRocks): the OL job of such an
    event is no job of the warehouse (§3.2), so its job facets and job tags facet are not read. As an SQL list. -#}
{% macro session_extractors() -%}
    ('HIVE', 'STARROCKS')
{%- endmacro %}

{#- Why the starrocks_session run facet of stg_event_payloads row `relation` cannot be used (docs/rules.md
    "StarRocks"), NULL when it can: 'missing_facet' (absent or JSON null), 'not_an_object' (staging.facet_issues
    already notes such a facet as any other), 'missing_required_field' (user, clientIp or sessionId missing or
    null), 'session_id_not_uuid7'. -#}
{% macro starrocks_session_problem(relation) -%}
    {%- set prefix = relation ~ '.run_starrocks_session' -%}
    case
        when {{ relation }}.run_facets['starrocks_session'] is null then 'missing_facet'
        when not coalesce({{ relation }}.has_run_starrocks_session, false) then 'not_an_object'
        when
            {{ prefix }}__user is null or {{ prefix }}__client_ip is null or {{ prefix }}__session_id is null
            then 'missing_required_field'
        when not {{ lineage_warehouse.is_uuid_v7(prefix ~ '__session_id') }} then 'session_id_not_uuid7'
    end
{%- endmacro %}
