{#- Reason codes of quarantined records (D5) with the sentence a person reads. One place, used by the
    quarantine model and its accepted-values test. -#}
{% macro quarantine_reasons() -%}
    {{ return({
        'not_json': 'the line is not valid JSON (truncated, garbage, or a raw control character)',
        'not_an_object': 'the line is JSON but not an object (a string, number, boolean, null or array)',
        'missing_event_time': 'eventTime is missing or null',
        'invalid_event_time': 'eventTime is not an ISO-8601 timestamp (YYYY-MM-DDTHH:MM[:SS[.f]][Z|+HH:MM])',
        'missing_run_id': 'run.runId is missing or null',
        'invalid_run_id': 'run.runId is not a UUID (8-4-4-4-12 hexadecimal digits)',
        'missing_job_namespace': 'job.namespace is missing or empty',
        'missing_job_name': 'job.name is missing or empty',
        'missing_dataset_namespace': 'a DatasetEvent whose dataset.namespace is missing or empty',
        'missing_dataset_name': 'a DatasetEvent whose dataset.name is missing or empty',
    }) }}
{%- endmacro %}

{% macro quarantine_reason_description(reason_expr) -%}
    case {{ reason_expr }}
    {%- for code, text in lineage_warehouse.quarantine_reasons().items() %}
        when '{{ code }}' then '{{ text }}'
    {%- endfor %}
    end
{%- endmacro %}
