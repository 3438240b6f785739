{#- One row per input or output entry of every operation event (entries without namespace or name are
    skipped; staging.facet_issues notes them). Run-level events' inputs and outputs are ignored completely, as in
    the reference (§0 step 2): they create no dataset, location, symlink, schema or IO row. Names get the integration rewrites of §2.1; the lineage
    node is the dataset itself, or for Spark the first TABLE symlink identifier (§2.3 swap, kept by D12). -#}
{{ lineage_warehouse.append_batches_config() }}

with

events_parts as (
    select
        event_hash,
        landing_batch,
        extractor,
        {{ lineage_warehouse.json_get_list('payload', [['inputs'], ['outputs']]) }} as payload_parts
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and is_operation_event
),

events as (
    select
        event_hash,
        landing_batch,
        extractor,
        {{ lineage_warehouse.list_item('payload_parts', 0) }} as inputs,
        {{ lineage_warehouse.list_item('payload_parts', 1) }} as outputs
    from events_parts
),

lists as (
    select
        event_hash,
        landing_batch,
        extractor,
        'INPUT' as io_kind,
        inputs as datasets
    from events
    union all
    select
        event_hash,
        landing_batch,
        extractor,
        'OUTPUT' as io_kind,
        outputs as datasets
    from events
),

entries as (
    select
        lists.event_hash,
        lists.landing_batch,
        lists.extractor,
        lists.io_kind,
        cast(entry.pos as bigint) as io_position,
        entry.value as entry
    from lists
    {{ lineage_warehouse.explode_array(lineage_warehouse.json_to_raw_array('lists.datasets'), 'entry') }}
),

-- each entry is parsed once for all its paths
entry_parts as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_kind,
        io_position,
        {{ lineage_warehouse.json_get_list('entry', [['namespace'], ['name'], ['facets'], ['inputFacets'], ['outputFacets']]) }}
            as entry_parts
    from entries
),

named as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_kind,
        io_position,
        {{ lineage_warehouse.list_item('entry_parts', 0) }} as namespace,
        {{ lineage_warehouse.list_item('entry_parts', 1) }} as raw_name,
        {{ lineage_warehouse.list_item('entry_parts', 2) }} as facets,
        {{ lineage_warehouse.list_item('entry_parts', 3) }} as input_facets,
        {{ lineage_warehouse.list_item('entry_parts', 4) }} as output_facets
    from entry_parts
),

valid as (
    select
        *,
        {{ lineage_warehouse.dataset_name('raw_name', 'extractor') }} as name
    from named
    where coalesce(namespace, '') != '' and coalesce(raw_name, '') != ''
),

spark_identifier_lists as (
    select
        event_hash,
        landing_batch,
        io_kind,
        io_position,
        {{ lineage_warehouse.json_get('facets', ['symlinks', 'identifiers']) }} as identifiers
    from valid
    where extractor = 'SPARK'
),

spark_identifier_parts as (
    select
        spark_identifier_lists.event_hash,
        spark_identifier_lists.landing_batch,
        spark_identifier_lists.io_kind,
        spark_identifier_lists.io_position,
        identifier.pos as identifier_position,
        {{ lineage_warehouse.json_get_list('identifier.value', [['namespace'], ['name'], ['type']]) }}
            as identifier_parts
    from spark_identifier_lists
    {{ lineage_warehouse.explode_array(
        lineage_warehouse.json_to_raw_array('spark_identifier_lists.identifiers'), 'identifier'
    ) }}
),

spark_table_identifiers as (
    select
        event_hash,
        landing_batch,
        io_kind,
        io_position,
        identifier_position,
        {{ lineage_warehouse.list_item('identifier_parts', 0) }} as namespace,
        {{ lineage_warehouse.list_item('identifier_parts', 1) }} as raw_name
    from spark_identifier_parts
    where
        {{ lineage_warehouse.list_item('identifier_parts', 2) }} = 'TABLE'
        and coalesce({{ lineage_warehouse.list_item('identifier_parts', 0) }}, '') != ''
        and coalesce({{ lineage_warehouse.list_item('identifier_parts', 1) }}, '') != ''
),

first_spark_tables as (
    select
        event_hash,
        landing_batch,
        io_kind,
        io_position,
        namespace,
        raw_name,
        row_number() over (partition by event_hash, io_kind, io_position order by identifier_position) as table_rank
    from spark_table_identifiers
),

final as (
    select
        valid.event_hash,
        valid.landing_batch,
        valid.extractor,
        valid.io_kind,
        valid.io_position,
        valid.namespace,
        valid.name,
        coalesce(first_spark_tables.namespace, valid.namespace) as node_namespace,
        coalesce(
            {{ lineage_warehouse.dataset_name('first_spark_tables.raw_name', 'valid.extractor') }},
            valid.name
        ) as node_name,
        first_spark_tables.namespace is not null as is_swapped,
        valid.facets,
        valid.input_facets,
        valid.output_facets
    from valid
    left join first_spark_tables
        on
            valid.event_hash = first_spark_tables.event_hash
            and valid.io_kind = first_spark_tables.io_kind
            and valid.io_position = first_spark_tables.io_position
            and first_spark_tables.table_rank = 1
)

select * from final
