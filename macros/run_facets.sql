{#- Validation of the run and job facets the job, tag, user and run models read (§9 lists what the reference
    rejects; D5: a facet that fails drops that facet only, and is recorded with a reason). Each *_problem macro
    takes the prefix of a facet's columns in staging.stg_event_payloads (facet_prefix: has_<prefix> and one
    column per field; a facet that is not a JSON object is absent there, and staging.facet_issues records it as
    'not_an_object') and gives the reason code, or NULL when the facet is absent or valid. -#}

{#- A timestamp inside a facet: parse_timestamp (D14), and a date alone (pydantic reads '2020-01-01' as a datetime)
    as midnight UTC. -#}
{% macro facet_timestamp(expr) -%}
    {%- set date_only = lineage_warehouse.regex_matches(expr, '^[0-9]{4}-[0-9]{2}-[0-9]{2}$') -%}
    {{ lineage_warehouse.parse_timestamp(
        "case when " ~ date_only ~ " then " ~ expr ~ " || 'T00:00:00' else " ~ expr ~ " end") }}
{%- endmacro %}

{#- True when any of the keys (each a list of JSON keys) is missing or JSON null in the facet. -#}
{% macro facet_lacks_any(facet, key_paths) -%}
    {%- set checks = [] -%}
    {%- for keys in key_paths -%}
        {%- do checks.append(lineage_warehouse.facet_field(facet, keys) ~ ' is null') -%}
    {%- endfor -%}
    ({{ checks | join(' or ') }})
{%- endmacro %}

{#- processing_engine: name and version required; version and openlineageAdapterVersion must be PEP 440 after
    removing '-SNAPSHOT'. Takes the raw and the normalised texts. -#}
{% macro processing_engine_problem(facet, version_raw, version, adapter_raw, adapter) -%}
    case
        when not {{ lineage_warehouse.facet_present(facet) }} then null
        when {{ lineage_warehouse.facet_field(facet, ['name']) }} is null then 'missing_name'
        when {{ version_raw }} is null then 'missing_version'
        when {{ version }} is null then 'version_not_pep440'
        when {{ adapter_raw }} is not null and {{ adapter }} is null then 'adapter_version_not_pep440'
    end
{%- endmacro %}

{#- spark_applicationDetails: master, appName, applicationId, deployMode (client | cluster), driverHost, userName. -#}
{% macro spark_application_problem(facet) -%}
    case
        when not {{ lineage_warehouse.facet_present(facet) }} then null
        when {{ lineage_warehouse.facet_lacks_any(facet, [['master'], ['appName'], ['applicationId'], ['deployMode'],
            ['driverHost'], ['userName']]) }} then 'missing_required_field'
        when {{ lineage_warehouse.facet_field(facet, ['deployMode']) }} not in ('client', 'cluster')
            then 'invalid_deploy_mode'
    end
{%- endmacro %}

{#- A Python or JSON list literal of strings, e.g. "['env:prod', \"team:data\"]" (Airflow dag.tags sent as text). -#}
{% macro python_string_item_pattern() -%}
    {{ return("'(?:[^'\\\\]|\\\\.)*'|\"(?:[^\"\\\\]|\\\\.)*\"") }}
{%- endmacro %}

{% macro python_list_literal_pattern() -%}
    {%- set ws = '[' ~ lineage_warehouse.python_whitespace_chars() ~ ']*' -%}
    {%- set item = '(?:' ~ lineage_warehouse.python_string_item_pattern() ~ ')' -%}
    {%- set items = '(?:' ~ item ~ ws ~ '(?:,' ~ ws ~ item ~ ws ~ ')*(?:,' ~ ws ~ ')?)?' -%}
    {{ return('^' ~ ws ~ '\\[' ~ ws ~ items ~ '\\]' ~ ws ~ '$') }}
{%- endmacro %}

{#- How Airflow's dag.tags arrived: 'array' (a JSON array), 'literal' (a text holding a list literal),
    'invalid' (any other text), NULL when absent. -#}
{% macro airflow_dag_tags_kind(tags_text) -%}
    case
        when {{ tags_text }} is null then null
        when {{ lineage_warehouse.json_kind(tags_text) }} = 'array' then 'array'
        when {{ lineage_warehouse.regex_matches(tags_text, lineage_warehouse.python_list_literal_pattern()) }}
            then 'literal'
        else 'invalid'
    end
{%- endmacro %}

{#- The text of one quoted item of a list literal: quotes removed, backslash escapes resolved (\x → x). -#}
{% macro python_string_item_text(item) -%}
    {%- set bs = lineage_warehouse.sql_string('\\') -%}
    replace(replace(replace(substr({{ item }}, 2, length({{ item }}) - 2), {{ bs }} || {{ bs }}, chr(1)), {{ bs }}, ''),
        chr(1), {{ bs }})
{%- endmacro %}

{#- airflowDagRun / airflow (task): dag.dag_id, dagRun.run_id, dagRun.run_type in (backfill, scheduled, manual,
    dataset_triggered), data_interval_start and data_interval_end timestamps; the task facet also task.task_id
    and an integer taskInstance.try_number; dag.tags, when given as text, a list literal. -#}
{% macro airflow_facet_problem(facet, is_task) -%}
    {%- set required = [['dag', 'dag_id'], ['dagRun', 'run_id'], ['dagRun', 'run_type']] -%}
    {%- if is_task -%}
        {%- set required = required + [['task', 'task_id'], ['taskInstance', 'try_number']] -%}
    {%- endif -%}
    {%- set interval_start = lineage_warehouse.facet_field(facet, ['dagRun', 'data_interval_start']) -%}
    {%- set interval_end = lineage_warehouse.facet_field(facet, ['dagRun', 'data_interval_end']) -%}
    case
        when not {{ lineage_warehouse.facet_present(facet) }} then null
        when {{ lineage_warehouse.facet_lacks_any(facet, required) }} then 'missing_required_field'
        when
            {{ lineage_warehouse.facet_timestamp(interval_start) }} is null
            or {{ lineage_warehouse.facet_timestamp(interval_end) }} is null
            then 'missing_data_interval'
        when {{ lineage_warehouse.facet_field(facet, ['dagRun', 'run_type']) }}
            not in ('backfill', 'scheduled', 'manual', 'dataset_triggered') then 'invalid_run_type'
        {%- if is_task %}
        when not {{ lineage_warehouse.regex_matches(lineage_warehouse.facet_field(facet, ['taskInstance', 'try_number']),
            '^-?[0-9]+$') }} then 'invalid_try_number'
        {%- endif %}
        when {{ lineage_warehouse.facet_field(facet, ['dag', 'tags']) }}_kind = 'invalid' then 'dag_tags_not_a_list'
    end
{%- endmacro %}

{#- dataRentgen_run: start_reason, when given, AUTOMATIC or MANUAL. -#}
{% macro data_rentgen_run_problem(facet) -%}
    case
        when not {{ lineage_warehouse.facet_present(facet) }} then null
        when {{ lineage_warehouse.facet_field(facet, ['start_reason']) }} not in ('AUTOMATIC', 'MANUAL')
            then 'invalid_start_reason'
    end
{%- endmacro %}

{#- nominalTime: nominalStartTime and nominalEndTime, when given, timestamps. -#}
{% macro nominal_time_problem(facet) -%}
    {%- set start_text = lineage_warehouse.facet_field(facet, ['nominalStartTime']) -%}
    {%- set end_text = lineage_warehouse.facet_field(facet, ['nominalEndTime']) -%}
    case
        when not {{ lineage_warehouse.facet_present(facet) }} then null
        when
            ({{ start_text }} is not null and {{ lineage_warehouse.facet_timestamp(start_text) }} is null)
            or ({{ end_text }} is not null and {{ lineage_warehouse.facet_timestamp(end_text) }} is null)
            then 'invalid_timestamp'
    end
{%- endmacro %}

{#- A `tags` list of a tags facet (job, run or dataset), read in staging as `list` (tag_list_columns: <list>_kind,
    <list>_items): 'tags_not_a_list', or 'tag_without_key_or_value' when any item lacks a key or a value (an item
    that is not an object lacks both; the reference rejects the event: D5 drops the whole facet,
    docs/decisions/reference-gaps-facets-dropped.md); NULL when absent or valid. -#}
{% macro tags_list_problem(list) -%}
    {%- set bad_item = "case when lw_tag." ~ adapter.quote('key') ~ " is null or lw_tag." ~ adapter.quote('value')
        ~ " is null then 'x' end" -%}
    case
        when {{ list }}_kind is null then null
        when {{ list }}_kind != 'array' then 'tags_not_a_list'
        when {{ lineage_warehouse.transform_join(list ~ '_items', 'lw_tag', bad_item, "''") }} != ''
            then 'tag_without_key_or_value'
    end
{%- endmacro %}

{#- tags (job or run facet): `tags` a list of objects, each with a key and a value. -#}
{% macro tags_facet_problem(facet) -%}
    case
        when {{ lineage_warehouse.facet_present(facet) }}
            then {{ lineage_warehouse.tags_list_problem(lineage_warehouse.facet_field(facet, ['tags'])) }}
    end
{%- endmacro %}

{#- A facet whose listed fields (key paths) are required (flink_job.jobId, dbt_run.invocation_id):
    'missing_required_field' when one is missing or JSON null. -#}
{% macro required_fields_problem(facet, key_paths) -%}
    case
        when
            {{ lineage_warehouse.facet_present(facet) }} and {{ lineage_warehouse.facet_lacks_any(facet, key_paths) }}
            then 'missing_required_field'
    end
{%- endmacro %}

{#- spark_jobDetails: jobId required, an integer (a JSON number or a text of digits, as pydantic reads an int). -#}
{% macro spark_job_details_problem(facet) -%}
    {%- set job_id = lineage_warehouse.facet_field(facet, ['jobId']) -%}
    case
        when not {{ lineage_warehouse.facet_present(facet) }} then null
        when {{ job_id }} is null then 'missing_required_field'
        when not {{ lineage_warehouse.regex_matches(job_id, '^-?[0-9]+$') }} then 'job_id_not_an_integer'
    end
{%- endmacro %}

{#- A field of a facet, NULL when the facet failed its checks (`problem` is its *_problem column). -#}
{% macro valid_facet_field(prefix, problem, keys) -%}
    case when {{ problem }} is null then {{ lineage_warehouse.facet_field(prefix, keys) }} end
{%- endmacro %}

{#- A field of the Airflow facet an event's extractor reads (column airflow_source: 'DAG_RUN' for airflowDagRun
    on DAG events, 'TASK' for airflow on task events, NULL when that facet is absent or failed its checks); with a
    suffix, that column of the field's typed columns (dag.tags: '_kind', '_array'). -#}
{% macro airflow_facet_field(keys, suffix='') -%}
    case airflow_source
        when 'DAG_RUN' then {{ lineage_warehouse.facet_field('run_airflow_dag_run', keys) }}{{ suffix }}
        when 'TASK' then {{ lineage_warehouse.facet_field('run_airflow', keys) }}{{ suffix }}
    end
{%- endmacro %}

{#- D5: Airflow task ids (`direction` upstream or downstream) of a task facet in use that are neither a JSON array
    nor a text holding a list literal. Needs airflow_source (int_run_event_facets). The one home of the check:
    int_job_link_facts reads links only from task ids without this problem. -#}
{% macro airflow_task_ids_problem(direction) -%}
    {%- set task_ids = 'run_airflow__task__' ~ direction ~ '_task_ids' -%}
    case
        when
            airflow_source = 'TASK' and {{ task_ids }} is not null
            and not {{ lineage_warehouse.regex_matches(task_ids, lineage_warehouse.python_list_literal_pattern()) }}
            then 'not_a_list'
    end
{%- endmacro %}
