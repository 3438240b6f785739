{#- Job type from the jobType facet (§3.1): upper(integration || '_' || jobType), upper(integration) when
    jobType is empty, NULL without the facet. Hive sessions are always HIVE_SESSION (§3.2). -#}
{% macro generic_job_type(integration, job_type) -%}
    case
        when coalesce({{ integration }}, '') = '' then null
        when coalesce({{ job_type }}, '') = '' then upper({{ integration }})
        else upper({{ integration }} || '_' || {{ job_type }})
    end
{%- endmacro %}
