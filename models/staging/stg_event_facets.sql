{#- Every facet of every placed event, standard or custom, one row each: the run and job facets (run.facets,
    job.facets) and the facets of each input, output or DatasetEvent entry (its facets, inputFacets and
    outputFacets), with where it was sent (`facet_container`, and `facet_path` as staging.facet_issues names it),
    its text (scrubbed by D6: read from stg_event_payloads and stg_io_entries, which read the cleaned record) and
    its `_producer` and `_schemaURL`. A facet that is not a JSON object is left out (staging.facet_issues notes it,
    D5); a container that is not an object gives no row. Read by int_facet_events, the mart facets and
    stg_custom_facet_fields. Incremental: the events of unseen landing batches. -#}
{{ lineage_warehouse.append_batches_config() }}

with

payloads as (
    select
        event_hash,
        landing_batch,
        run_facets,
        job_facets
    from {{ ref('stg_event_payloads') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

entries as (
    select
        event_hash,
        landing_batch,
        io_kind,
        io_position,
        facets,
        input_facets,
        output_facets
    from {{ ref('stg_io_entries') }}
    where
        {{ lineage_warehouse.in_unseen_batch() }}
        and (facets is not null or input_facets is not null or output_facets is not null)
),

-- one row per facet container, its facets as a map of texts
containers as (
    {%- for container in ['run', 'job'] %}
        select
            event_hash,
            landing_batch,
            '{{ container }}' as facet_container,
            cast(null as string) as io_kind,
            cast(null as bigint) as io_position,
            '{{ container }}.facets.' as path_prefix,
            {{ container }}_facets as facet_texts
        from payloads
        where {{ container }}_facets is not null
        union all
    {%- endfor %}
    {%- for container, column, key in [('dataset', 'facets', 'facets'), ('input', 'input_facets', 'inputFacets'),
        ('output', 'output_facets', 'outputFacets')] %}
        select
            event_hash,
            landing_batch,
            '{{ container }}' as facet_container,
            io_kind,
            io_position,
            {{ lineage_warehouse.io_entry_path('io_kind', 'io_position') }} || '.{{ key }}.' as path_prefix,
            {{ lineage_warehouse.parse_json_as(column, 'text_map') }} as facet_texts
        from entries
        where {{ column }} is not null
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

-- exploded in the select list: the map is not carried into every row
facet_entries as (
    select
        event_hash,
        landing_batch,
        facet_container,
        io_kind,
        io_position,
        path_prefix,
        {{ lineage_warehouse.explode_map_columns('facet_texts', 'facet_name', 'facet_text') }}
    from containers
),

object_facets as (
    select
        *,
        {{ lineage_warehouse.parse_json_as('facet_text', lineage_warehouse.facet_header_shape()) }} as header
    from facet_entries
    where {{ lineage_warehouse.facet_text_is_object('facet_text') }}
),

final as (
    select
        object_facets.event_hash,
        object_facets.landing_batch,
        object_facets.facet_container,
        object_facets.io_kind,
        object_facets.io_position,
        object_facets.path_prefix || object_facets.facet_name as facet_path,
        object_facets.facet_name,
        {{ lineage_warehouse.json_text_normalise('object_facets.facet_text') }} as facet_text,
        object_facets.header.{{ adapter.quote('_producer') }} as facet_producer,
        object_facets.header.{{ adapter.quote('_schemaURL') }} as facet_schema_url
    from object_facets
    -- a string that only starts like an object ('{not json') is no facet
    where {{ lineage_warehouse.json_parsed('object_facets.header') }}
)

select * from final
