{#- Dataset facets of an input or output entry that fail validation and are dropped whole (D5; the reference
    rejects the event): staging.facet_issues records them, and the models that read the facet leave it out
    (int_dataset_tag_events, int_event_datasets). Each check reads the entry's columns (the `facets` text, the
    typed tags list) and gives the reason code, or NULL when the facet is absent or valid. -#}

{#- The column prefix of an entry's dataset tags list (facets.tags.tags) in staging: its typed columns
    <prefix>_kind and <prefix>_items (tag_list_columns), which stg_io_entries and int_event_datasets carry. -#}
{% macro dataset_tags_list() -%}
    {{ return(lineage_warehouse.facet_field(lineage_warehouse.entry_facet_prefix('facets', 'tags'), ['tags'])) }}
{%- endmacro %}

{#- The checks, facet name → reason expression. -#}
{% macro entry_facet_problems(facets) -%}
    {{ return({
        'tags': lineage_warehouse.tags_list_problem(lineage_warehouse.dataset_tags_list()),
        'lifecycleStateChange': lineage_warehouse.previous_identifier_problem(facets)
    }) }}
{%- endmacro %}

{#- lifecycleStateChange.previousIdentifier, when given, needs a namespace and a name. A facets text that holds
    neither the key's name nor a \u escape (with which a key can be spelt) cannot hold it, and is not parsed. -#}
{% macro previous_identifier_problem(facets) -%}
    {%- set path = ['lifecycleStateChange', 'previousIdentifier'] -%}
    case
        when not (
            instr({{ facets }}, 'previousIdentifier') > 0
            or instr({{ facets }}, {{ lineage_warehouse.sql_string('\\u') }}) > 0
        ) then null
        when
            {{ lineage_warehouse.json_get(facets, path) }} is not null
            and (
                {{ lineage_warehouse.json_get(facets, path + ['namespace']) }} is null
                or {{ lineage_warehouse.json_get(facets, path + ['name']) }} is null
            )
            then 'previous_identifier_without_namespace_or_name'
    end
{%- endmacro %}

{#- One row per entry and checked facet of `entries` (event_hash, landing_batch, entry_path ending in '.',
    facets): facet path and reason (NULL when valid). -#}
{% macro entry_facet_checks(entries) -%}
    {%- for facet, problem in lineage_warehouse.entry_facet_problems('facets').items() %}
        select
            event_hash,
            landing_batch,
            entry_path || 'facets.{{ facet }}' as facet,
            {{ problem }} as reason
        from {{ entries }}
        {{ 'union all' if not loop.last }}
    {%- endfor %}
{%- endmacro %}
