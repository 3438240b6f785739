{#- What makes a record an OpenLineage event (D5, D16): the reason codes of quarantined records, in the order they
    are checked, with the sentence a person reads, and the shapes their checks use. One definition, read by the
    build (event_rules(); quarantine_reasons() for the quarantine model and its accepted-values tests,
    parse_timestamp, is_uuid, stg_event_envelopes) and by the HTTP collector, which refuses at intake what the
    build would quarantine (src/lineage_warehouse/collector/event_rules.py reads the YAML between the two `event_rules_yaml`
    lines as it is: keep it plain YAML, without Jinja). -#}
{% macro event_rules() -%}
{%- set event_rules_yaml -%}
# Reason codes in the order they are checked: a record's reason is the first that applies (stg_event_envelopes).
reasons:
  not_json: 'the line is not valid JSON (truncated, garbage, or a raw control character)'
  lone_surrogate: 'the line is JSON but for an escaped UTF-16 surrogate (D800 to DFFF) without its pair, which is no character'
  not_an_object: 'the line is JSON but not an object (a string, number, boolean, null or array)'
  missing_event_time: 'eventTime is missing or null'
  invalid_event_time: 'eventTime is not an ISO-8601 timestamp (YYYY-MM-DDTHH:MM[:SS[.f]][Z|+HH:MM])'
  missing_dataset_namespace: 'a DatasetEvent whose dataset.namespace is missing or empty'
  invalid_dataset_namespace: 'a DatasetEvent whose dataset.namespace is not a string'
  missing_dataset_name: 'a DatasetEvent whose dataset.name is missing or empty'
  invalid_dataset_name: 'a DatasetEvent whose dataset.name is not a string'
  missing_run_id: 'run.runId is missing or null'
  invalid_run_id: 'run.runId is not a UUID (8-4-4-4-12 hexadecimal digits)'
  missing_job_namespace: 'job.namespace is missing or empty'
  invalid_job_namespace: 'job.namespace is not a string (an object, array, number or boolean)'
  missing_job_name: 'job.name is missing or empty'
  invalid_job_name: 'job.name is not a string (an object, array, number or boolean)'
# The shape of a timestamp text (parse_timestamp, D14); the instant must also exist and fall in the years 1 to 9999
# in UTC. Regular expressions are matched against the whole text, in syntax RE2, Java and Python share.
timestamp_shape: '^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}(:[0-9]{2})([.][0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})?$'
# A UUID in 8-4-4-4-12 form, any version, matched against the lower-cased text (is_uuid).
uuid_shape: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
# Endings of a schemaURL that name the static event definitions (D16; matched with LIKE: no % or _ in them).
dataset_event_schema_suffix: '/DatasetEvent'
job_event_schema_suffix: '/JobEvent'
{%- endset -%}
{{ return(fromyaml(event_rules_yaml)) }}
{%- endmacro %}

{#- Reason codes of quarantined records (D5) with the sentence a person reads, in the order they are checked. -#}
{% macro quarantine_reasons() -%}
    {{ return(lineage_warehouse.event_rules()['reasons']) }}
{%- endmacro %}

{% macro quarantine_reason_description(reason_expr) -%}
    case {{ reason_expr }}
    {%- for code, text in lineage_warehouse.quarantine_reasons().items() %}
        when '{{ code }}' then '{{ text }}'
    {%- endfor %}
    end
{%- endmacro %}

{#- Whether a value read with json_get (`read_expr`, at `keys` of the JSON text `record_expr`) was a JSON string.
    json_get gives an object, array, number or boolean as its JSON text, so only a text that could be one of those
    is checked, with one more parse of its record (json_is_string); NULL stays NULL (a missing value has its own
    reason). -#}
{% macro read_text_is_string(record_expr, read_expr, keys) -%}
    case
        when
            left({{ read_expr }}, 1) in ('{', '[')
            or {{ lineage_warehouse.regex_matches(read_expr, '^(true|false|-?[0-9]+([.][0-9]+)?([eE][+-]?[0-9]+)?)$') }}
            then coalesce({{ lineage_warehouse.json_is_string(record_expr, keys) }}, false)
        when {{ read_expr }} is not null then true
    end
{%- endmacro %}

{#- Whether a record that is not JSON (`record_expr`) would be JSON but for escapes of UTF-16 surrogates: both
    engines' readers reject an escaped surrogate without its pair. Only called on invalid records. -#}
{% macro is_json_but_for_surrogates(record_expr) -%}
    {{ lineage_warehouse.json_kind(lineage_warehouse.regex_replace_all(
        record_expr, '\\\\u[dD][89a-fA-F][0-9a-fA-F]{2}', '?')) }} != 'invalid'
{%- endmacro %}
