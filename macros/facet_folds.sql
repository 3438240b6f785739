{#- The folds of the facet marts (docs/rules.md "Facets: datasets", "Facets: jobs"). -#}

{#- One row per value of the `keys` (a column name or a list of them): each of `fields` its latest non-null value in
    D1 order (`order_key`, D1), and `updated_at`, the eventTime of the latest row, from the relation `events`. -#}
{% macro fold_latest_facet_fields(events, keys, fields) -%}
    {%- set key_list = [keys] if keys is string else keys -%}
    select
        {%- for key in key_list %}
        {{ key }},
        {%- endfor %}
        {%- for field in fields %}
        {{ lineage_warehouse.latest_non_null(field, 'order_key') }} as {{ field }},
        {%- endfor %}
        max(event_time) as updated_at
    from {{ events }}
    group by {{ key_list | join(', ') }}
{%- endmacro %}

{#- One row per (`id_column`, owner name) of the ownership facets in `events` (column `owners`, an array of
    name and type): the owner's latest non-null type in D1 order and the eventTime of the latest event that named
    it. An owner without a name (or with an empty one) is skipped. -#}
{% macro fold_owners(events, id_column) -%}
    select
        owner_rows.{{ id_column }},
        owner_rows.owner_name,
        {{ lineage_warehouse.latest_non_null('owner_rows.owner_type', 'owner_rows.order_key') }} as owner_type,
        max(owner_rows.event_time) as last_seen_at
    from (
        select
            facet_events.{{ id_column }},
            facet_events.event_time,
            -- owners named twice in one facet: the later entry wins
            facet_events.order_key || lpad(cast(owners.pos as string), 10, '0') as order_key,
            owners.value.name as owner_name,
            owners.value.type as owner_type
        from {{ events }} as facet_events
        {{ lineage_warehouse.explode_array('facet_events.owners', 'owners') }}
    ) as owner_rows
    where coalesce(owner_rows.owner_name, '') != ''
    group by owner_rows.{{ id_column }}, owner_rows.owner_name
{%- endmacro %}

{#- The CTEs `operations` (created_at, run_id of `operations_relation`, the calling model's ref('int_operations')),
    `runs` (job_id of `runs_relation`, its ref('int_runs')) and `bucketed`: the
    rows of the CTE `events` (with operation_id and event_time) with `created_at`, the hour bucket of their
    operation (§7.2), as the data-quality marts key their rows. -#}
{% macro operation_bucket_ctes(events, operations_relation, runs_relation) -%}
operations as (
    select
        operation_id,
        created_at,
        run_id
    from {{ operations_relation }}
),

runs as (
    select
        run_id,
        job_id
    from {{ runs_relation }}
),

bucketed as (
    select
        {{ events }}.*,
        {{ lineage_warehouse.hour_bucket('operations.created_at', events ~ '.event_time') }} as created_at
    from {{ events }}
    inner join operations
        on {{ events }}.operation_id = operations.operation_id
)
{%- endmacro %}

{#- The CTE `entity_rows`: the rows of `facet_events` (the calling model's ref('int_facet_events')) with their
    entity's id (`entity_id`: the run or operation id, or the job or dataset id resolved through
    `namespace_locations`, the caller's ref('int_namespace_locations'); a row whose job or dataset has no location
    is left out, as in the other facet marts), keyed as the marts facets and custom_facet_fields key their rows. -#}
{% macro facet_entity_ctes(facet_events, namespace_locations) -%}
job_facet_events as (
    select * from {{ facet_events }}
    where entity_kind = 'JOB'
),

dataset_facet_events as (
    select * from {{ facet_events }}
    where entity_kind in ('DATASET', 'INPUT', 'OUTPUT')
),

job_rows as (
    {{ lineage_warehouse.select_with_entity_id('job_facet_events', 'job', namespace_locations) }}
),

dataset_rows as (
    {{ lineage_warehouse.select_with_entity_id('dataset_facet_events', 'dataset', namespace_locations) }}
),

entity_rows as (
    {%- for relation, id_column in [(facet_events, 'entity_ref'), ('job_rows', 'job_id'), ('dataset_rows', 'dataset_id')] %}
    select
        entity_kind,
        {{ id_column }} as entity_id,
        operation_id,
        facet_container,
        facet_name,
        event_hash,
        facet_path,
        event_time,
        order_key
    from {{ relation }}
    {%- if loop.first %}
    where entity_kind in ('RUN', 'OPERATION')
    {%- endif %}
    {{ 'union all' if not loop.last }}
    {%- endfor %}
)
{%- endmacro %}
