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

{#- The type of the job an event describes (its own job, not a Hive or StarRocks session's, which have fixed
    types): the generic rule above by default. A dispatched rule (docs/extending.md): a host project gives the jobs
    of its own producers a type with a macro default__event_job_type (or <adapter>__event_job_type) of its own,
    found first by its dispatch search order. Contract: SQL expressions of the jobType facet's `integration` and
    `jobType` and of the event's `producer` (as sent); returns a SQL expression of the type, NULL for none (the job
    is then UNKNOWN). -#}
{% macro event_job_type(integration, job_type, producer) -%}
    {{ return(adapter.dispatch('event_job_type', 'lineage_warehouse')(integration, job_type, producer)) }}
{%- endmacro %}

{% macro default__event_job_type(integration, job_type, producer) -%}
    {{ lineage_warehouse.generic_job_type(integration, job_type) }}
{%- endmacro %}

{#- Job types the reference seeds or the rules of the integrations the spec names produce (§3.1, §3.2; docs/rules.md
    "§3.2 Which events create which jobs"): Spark applications, Airflow DAGs and tasks, the per-statement child jobs of the Airflow
    OpenLineage provider 2.20 (`<dag>.<task>.query.N`, jobType QUERY: handled by the Unknown rules, typed by the
    generic rule), Hive and StarRocks sessions, a StarRocks query without a usable session (Unknown rules), Flink
    jobs and queries (the spec's full example), dbt jobs. The data test on jobs.type (macros/tests/known_job_type.sql)
    reads the types of these integrations only (known_job_type_integrations): any other integration's type is whatever the generic
    rule makes of its facet. -#}
{% macro known_job_types() -%}
    {{ return(['UNKNOWN', 'SPARK_APPLICATION', 'AIRFLOW_DAG', 'AIRFLOW_TASK', 'AIRFLOW_QUERY', 'HIVE_SESSION',
               'FLINK_JOB', 'FLINK_QUERY', 'DBT_JOB', 'STARROCKS_SESSION', 'STARROCKS_QUERY']) }}
{%- endmacro %}

{#- SQL condition on a job type column: the type is UNKNOWN or comes from an integration whose rules the spec
    names (known_job_types lists every type those rules give). -#}
{% macro known_job_type_integrations(column) -%}
    {%- set prefixes = [] -%}
    {%- for job_type in lineage_warehouse.known_job_types() if job_type != 'UNKNOWN' -%}
        {%- do prefixes.append(job_type.split('_')[0] ~ '_') -%}
    {%- endfor -%}
    ({{ column }} = 'UNKNOWN'
    {%- for prefix in prefixes | unique %} or {{ column }} like '{{ prefix }}%'{% endfor %})
{%- endmacro %}
