{#- Each placed event parsed once into the declared event shape (macros/event_shape.sql), and each run or job
    facet the models read parsed from its text with its declared shape, then laid out flat: has_<prefix> tells
    whether the facet was sent as a JSON object (staging.facet_issues records one that was not), and one column
    per field (facet_prefix, facet_field). Models past staging read these columns and never parse JSON. One row
    per placed event; incremental: the events of unseen landing batches. The dataset of a DatasetEvent (D16) is
    kept as a one-item list of its text, `static_datasets`, which stg_io_entries explodes like inputs and outputs.
    The lists a check reads beyond their text are typed here too: the tags list of the job and run tags facets
    (tag_list_columns: job_tags__tags_kind, job_tags__tags_items) and Airflow's dag.tags (how it arrived,
    airflow_dag_tags_kind, and its items when a JSON array: <prefix>__dag__tags_kind, <prefix>__dag__tags_array). -#}
{{ lineage_warehouse.append_batches_config() }}

{%- set declared = [('run', lineage_warehouse.run_facet_shapes()), ('job', lineage_warehouse.job_facet_shapes())] %}
{%- set facet_structs = [] %}
{%- set flat_columns = [] %}
{%- for container, shapes in declared %}
    {%- for name, shape in shapes.items() %}
        {%- set prefix = lineage_warehouse.facet_prefix(container, name) %}
        {%- set text = 'containers.' ~ container ~ "_facets['" ~ name ~ "']" %}
        {%- do facet_structs.append('case when ' ~ lineage_warehouse.facet_text_is_object(text) ~ ' then '
            ~ lineage_warehouse.parse_json_as(text, shape) ~ ' end as ' ~ prefix) %}
        {%- do flat_columns.append(lineage_warehouse.json_parsed('facets.' ~ prefix) ~ ' as has_' ~ prefix) %}
        {%- do flat_columns.extend(lineage_warehouse.flat_facet_columns('facets.' ~ prefix, prefix, shape)) %}
    {%- endfor %}
{%- endfor %}
{%- set list_columns = [] %}
{%- for prefix in ['job_tags', 'run_tags'] %}
    {%- set tags = lineage_warehouse.facet_field(prefix, ['tags']) %}
    {%- do list_columns.extend(lineage_warehouse.tag_list_columns(tags, tags)) %}
{%- endfor %}
{%- for prefix in ['run_airflow_dag_run', 'run_airflow'] %}
    {%- set dag_tags = lineage_warehouse.facet_field(prefix, ['dag', 'tags']) %}
    {%- do list_columns.append(lineage_warehouse.airflow_dag_tags_kind(dag_tags) ~ ' as ' ~ dag_tags ~ '_kind') %}
    {%- do list_columns.append(lineage_warehouse.json_to_string_array(dag_tags) ~ ' as ' ~ dag_tags ~ '_array') %}
{%- endfor %}

with

events as (
    select * from {{ ref('stg_events') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

records as (
    select * from {{ ref('stg_event_records') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

-- each placed event's text: stg_event_records alone keeps it
event_texts as (
    {{ lineage_warehouse.placed_event_texts('events', 'records', ['event_hash', 'landing_batch', 'event_kind']) }}
),

parsed as (
    select
        event_hash,
        landing_batch,
        event_kind,
        payload,
        {{ lineage_warehouse.parse_json_as('payload', lineage_warehouse.event_shape()) }} as event
    from event_texts
),

containers as (
    select
        parsed.event_hash,
        parsed.landing_batch,
        parsed.event.run.facets as run_facets,
        parsed.event.job.facets as job_facets,
        -- a container that is not an object reads as a NULL map: only then is its text read from the payload
        case
            when parsed.event.run.facets is null
                then {{ lineage_warehouse.json_get('parsed.payload', ['run', 'facets']) }}
        end as run_facets_text,
        case
            when parsed.event.job.facets is null
                then {{ lineage_warehouse.json_get('parsed.payload', ['job', 'facets']) }}
        end as job_facets_text,
        -- the entries' texts as Spark re-serialises them hold escaped surrogate pairs (docs/decisions/)
        {{ lineage_warehouse.json_text_list_normalise('parsed.event.inputs') }} as inputs,
        {{ lineage_warehouse.json_text_list_normalise('parsed.event.outputs') }} as outputs,
        case
            when parsed.event_kind = 'DATASET' then {{ lineage_warehouse.json_text_list_normalise(
                lineage_warehouse.list_of(['parsed.event.dataset'])) }}
        end as static_datasets,
        {{ lineage_warehouse.list_item('parsed.event.inputs', 0) }} is not null
        or {{ lineage_warehouse.list_item('parsed.event.outputs', 0) }} is not null as has_io
    from parsed
),

facets as (
    select
        containers.event_hash,
        containers.landing_batch,
        containers.run_facets,
        containers.job_facets,
        containers.inputs,
        containers.outputs,
        containers.static_datasets,
        containers.has_io,
        case
            when containers.run_facets is not null then 'object'
            when containers.run_facets_text is not null
                then {{ lineage_warehouse.json_kind('containers.run_facets_text') }}
        end as run_facets_kind,
        case
            when containers.job_facets is not null then 'object'
            when containers.job_facets_text is not null
                then {{ lineage_warehouse.json_kind('containers.job_facets_text') }}
        end as job_facets_kind,
        {{ facet_structs | join(',\n        ') }}
    from containers
),

-- one flat column per declared field (macros/event_shape.sql facet_prefix)
flat_facets as (
    select
        facets.event_hash,
        facets.landing_batch,
        facets.run_facets,
        facets.job_facets,
        facets.run_facets_kind,
        facets.job_facets_kind,
        -- the input and output entries as text, each parsed in stg_io_entries
        facets.inputs,
        facets.outputs,
        facets.static_datasets,
        facets.has_io,
        -- sent with any non-null value (an object or not): what tells Data.Rentgen's own events apart (§0)
        facets.run_facets['dataRentgen_operation'] is not null as sends_data_rentgen_operation,
        facets.run_facets['dataRentgen_run'] is not null as sends_data_rentgen_run,
        {{ flat_columns | join(',\n        ') }}
    from facets
),

-- the lists a check reads beyond their text: the tags lists of the tags facets (kind and typed items) and
-- Airflow's dag.tags (how it arrived, and its items when a JSON array)
final as (
    select
        *,
        {{ list_columns | join(',\n        ') }}
    from flat_facets
)

select * from final
