{#- One row per input or output entry of every placed event (io_kind INPUT/OUTPUT, io_position from 0, entries
    that are not objects included: their fields are NULL), each entry parsed once from its text
    (io_entry_shape) and the facets the models read parsed once from their container's text (io_facet_shapes),
    laid out flat: <container>_<facet>__<field>, e.g. facets_symlinks__identifiers. A container (facets,
    inputFacets, outputFacets) that is not a JSON object (a string, even one that starts like an object) is NULL
    (D5: its facets are not read). The dataset facets of the entity marts (dataset_facet_shapes) are read like the
    run and job facets: the facets container as a map of texts, each declared facet parsed from its text when it
    is an object; has_facets_<facet> is NULL when it was not sent, false when it was sent but is not an object
    (staging.facet_issues records it). The data-quality facets likewise, in facets and in inputFacets
    (input_facets_data_quality_metrics__row_count; entry_facet_shapes). Which entries count (an operation's, not a
    run-level event's) is decided past staging. The dataset of a DatasetEvent (D16) is one more entry, io_kind
    DATASET at position 0, read like the others. The dataset tags list (facets_tags__tags) is read further into
    typed columns, facets_tags__tags_kind and facets_tags__tags_items (tag_list_columns), which the tag check and
    int_dataset_tag_events read. Incremental: the events of unseen landing batches. -#}
{{ lineage_warehouse.append_batches_config() }}

{%- set containers = {'facets': 'facets', 'inputFacets': 'input_facets', 'outputFacets': 'output_facets'} %}
{%- set parsed_containers = [] %}
{%- set kept_containers = [] %}
{%- set flat_columns = [] %}
{%- for key, shapes in lineage_warehouse.io_facet_shapes().items() %}
    {%- set column = containers[key] %}
    {%- do kept_containers.append('case when ' ~ lineage_warehouse.facet_text_is_object('containers.' ~ column)
        ~ ' and ' ~ lineage_warehouse.json_parsed('containers.' ~ column ~ '_parsed') ~ ' then '
        ~ lineage_warehouse.json_text_normalise('containers.' ~ column) ~ ' end as ' ~ column) %}
    {%- do parsed_containers.append(lineage_warehouse.parse_json_as('entries.' ~ column, shapes) ~ ' as ' ~ column
        ~ '_parsed') %}
    {%- for facet, shape in shapes.items() %}
        {%- do flat_columns.extend(lineage_warehouse.flat_facet_columns(
            'containers.' ~ column ~ '_parsed.' ~ adapter.quote(facet),
            column ~ '_' ~ lineage_warehouse.snake_case(facet), shape)) %}
    {%- endfor %}
{%- endfor %}
{%- set tags_list = lineage_warehouse.dataset_tags_list() %}
{%- set dataset_facet_structs = [] %}
{%- set dataset_facet_columns = [] %}
{%- for container, shapes in lineage_warehouse.entry_facet_shapes().items() %}
    {%- for facet, shape in shapes.items() %}
        {%- set prefix = lineage_warehouse.entry_facet_prefix(container, facet) %}
        {%- set text = 'containers.' ~ lineage_warehouse.snake_case(container) ~ "_texts['" ~ facet ~ "']" %}
        {%- do dataset_facet_structs.append('case when ' ~ lineage_warehouse.facet_text_is_object(text) ~ ' then '
            ~ lineage_warehouse.parse_json_as(text, shape) ~ ' end as ' ~ prefix) %}
        {%- do dataset_facet_columns.append('case when ' ~ text ~ ' is not null then '
            ~ lineage_warehouse.json_parsed('containers.' ~ prefix) ~ ' end as has_' ~ prefix) %}
        {%- do dataset_facet_columns.extend(lineage_warehouse.flat_facet_columns('containers.' ~ prefix, prefix,
            shape)) %}
    {%- endfor %}
{%- endfor %}

with

payloads as {{ lineage_warehouse.cte_inlined() }} (
    select
        event_hash,
        landing_batch,
        inputs,
        outputs,
        static_datasets
    from {{ ref('stg_event_payloads') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and (has_io or static_datasets is not null)
),

entry_texts as (
    select
        payloads.event_hash,
        payloads.landing_batch,
        'INPUT' as io_kind,
        cast(entry.pos as bigint) as io_position,
        entry.value as entry_text
    from payloads
    {{ lineage_warehouse.explode_array('payloads.inputs', 'entry') }}
    union all
    select
        payloads.event_hash,
        payloads.landing_batch,
        'OUTPUT' as io_kind,
        cast(entry.pos as bigint) as io_position,
        entry.value as entry_text
    from payloads
    {{ lineage_warehouse.explode_array('payloads.outputs', 'entry') }}
    union all
    select
        payloads.event_hash,
        payloads.landing_batch,
        'DATASET' as io_kind,
        cast(entry.pos as bigint) as io_position,
        entry.value as entry_text
    from payloads
    {{ lineage_warehouse.explode_array('payloads.static_datasets', 'entry') }}
),

parsed as (
    select
        event_hash,
        landing_batch,
        io_kind,
        io_position,
        {{ lineage_warehouse.parse_json_as('entry_text', lineage_warehouse.io_entry_shape()) }} as entry
    from entry_texts
),

entries as (
    select
        parsed.event_hash,
        parsed.landing_batch,
        parsed.io_kind,
        parsed.io_position,
        parsed.entry.namespace,
        parsed.entry.name as raw_name,
        parsed.entry.facets,
        parsed.entry.{{ adapter.quote('inputFacets') }} as input_facets,
        parsed.entry.{{ adapter.quote('outputFacets') }} as output_facets
    from parsed
),

containers as (
    select
        entries.*,
        {{ parsed_containers | join(',\n        ') }},
        {{ lineage_warehouse.parse_json_as('entries.facets', 'text_map') }} as facets_texts,
        {{ lineage_warehouse.parse_json_as('entries.input_facets', 'text_map') }} as input_facets_texts
    from entries
),

dataset_facets as (
    select
        containers.*,
        {{ dataset_facet_structs | join(',\n        ') }}
    from containers
),

flat_entries as (
    select
        containers.event_hash,
        containers.landing_batch,
        containers.io_kind,
        containers.io_position,
        containers.namespace,
        containers.raw_name,
        -- a container is kept as text only when it is a JSON object (what the models that read it can parse)
        {{ kept_containers | join(',\n        ') }},
        {{ flat_columns | join(',\n        ') }},
        {{ dataset_facet_columns | join(',\n        ') }}
    from dataset_facets as containers
),

-- the dataset tags list read into typed columns: its kind and its tags (tag_list_columns)
final as (
    select
        *,
        {{ lineage_warehouse.tag_list_columns(tags_list, tags_list) | join(',\n        ') }}
    from flat_entries
)

select * from final
