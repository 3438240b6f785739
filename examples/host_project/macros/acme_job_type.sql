{#- The jobs of ACME's own pipeline runner (producer https://acme.example/pipelines/...) are ACME_PIPELINE jobs;
    every other event keeps the warehouse's rule (lineage_warehouse.default__event_job_type). Found before the
    package's default by the dispatch search order of dbt_project.yml. -#}
{% macro default__event_job_type(integration, job_type, producer) -%}
    case
        when {{ producer }} like 'https://acme.example/pipelines/%' then 'ACME_PIPELINE'
        else {{ lineage_warehouse.default__event_job_type(integration, job_type, producer) }}
    end
{%- endmacro %}
