{#- Generic data test on a job type column: every type of an integration whose rules the spec names (UNKNOWN, or
    the prefix of a type of known_job_types) is one of known_job_types (macros/job_type.sql). A type of another
    integration is what the generic rule makes of its jobType facet, and is not checked. Returns each unknown type
    and how many rows hold it. -#}
{% test known_job_type(model, column_name) %}
    {%- set known = [] -%}
    {%- for job_type in lineage_warehouse.known_job_types() -%}
        {%- do known.append(lineage_warehouse.sql_string(job_type)) -%}
    {%- endfor -%}
    select
        {{ column_name }} as job_type,
        count(*) as occurrences
    from {{ model }}
    where
        {{ lineage_warehouse.known_job_type_integrations(column_name) }}
        and {{ column_name }} not in ({{ known | join(', ') }})
    group by {{ column_name }}
{% endtest %}
