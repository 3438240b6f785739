{#- One row per input or output entry of every operation event (entries without namespace or name are
    skipped; staging.facet_issues notes them), from the entries parsed in staging (stg_io_entries). Run-level
    events' inputs and outputs are ignored completely, as in the reference (§0 step 2): they create no dataset,
    location, symlink, schema or IO row; so are entries with a reserved name (docs/rules.md "Dataset names:
    reserved"), and for Spark entries whose first TABLE symlink identifier has one. Names get the rewrites of
    §2.1 and docs/rules.md "Dataset names: rewrites" (`dataset_name`); the lineage node is the dataset itself, or
    for Spark the first TABLE symlink identifier (§2.3 swap, kept by D12). The entry's lifecycle change (unless
    the facet failed its checks, D5: stg_io_entry_issues) and
    statistics (inputStatistics for an input, outputStatistics for an output) are carried for
    int_io_entry_facts. The datasets a static event declares (D16: a DatasetEvent's dataset, a JobEvent's inputs
    and outputs) are entries too, read by the same rules, with is_static: they give datasets, locations, schemas,
    symlinks, tags and facets, and the models of inputs, outputs, column lineage and data quality leave them out. -#}
{{ lineage_warehouse.append_batches_config() }}

{%- set tags_list = lineage_warehouse.dataset_tags_list() %}

with

events as (
    select
        event_hash,
        extractor,
        event_kind != 'RUN' as is_static
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and (is_operation_event or event_kind != 'RUN')
),

entries as (
    select * from {{ ref('stg_io_entries') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

-- D5: a lifecycleStateChange that failed its checks (macros/entry_facet_checks.sql) is not read
dropped_lifecycle_changes as (
    select distinct
        event_hash,
        facet
    from {{ ref('stg_io_entry_issues') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and reason = 'previous_identifier_without_namespace_or_name'
),

valid as (
    select
        entries.event_hash,
        entries.landing_batch,
        events.extractor,
        events.is_static,
        entries.io_kind,
        entries.io_position,
        entries.namespace,
        {{ lineage_warehouse.dataset_name('entries.raw_name', 'entries.namespace', 'events.extractor') }} as name,
        entries.{{ tags_list }}_kind,
        entries.{{ tags_list }}_items,
        case
            when dropped_lifecycle_changes.event_hash is null
                then entries.facets_lifecycle_state_change__lifecycle_state_change
        end as lifecycle_change,
        case entries.io_kind
            when 'INPUT' then entries.input_facets_input_statistics__row_count
            else entries.output_facets_output_statistics__row_count
        end as rows_text,
        case entries.io_kind
            when 'INPUT' then entries.input_facets_input_statistics__size
            else entries.output_facets_output_statistics__size
        end as bytes_text,
        case entries.io_kind
            when 'INPUT' then entries.input_facets_input_statistics__file_count
            else entries.output_facets_output_statistics__file_count
        end as files_text
    from entries
    inner join events
        on entries.event_hash = events.event_hash
    left join dropped_lifecycle_changes
        on
            entries.event_hash = dropped_lifecycle_changes.event_hash
            and {{ lineage_warehouse.io_entry_path('entries.io_kind', 'entries.io_position') }}
            || '.facets.lifecycleStateChange' = dropped_lifecycle_changes.facet
    where
        coalesce(entries.namespace, '') != ''
        and coalesce(entries.raw_name, '') != ''
        and not {{ lineage_warehouse.dataset_name_is_reserved('entries.raw_name') }}
),

spark_table_identifiers as (
    select
        identifiers.event_hash,
        identifiers.io_kind,
        identifiers.io_position,
        identifiers.identifier_position,
        identifiers.identifier_namespace as namespace,
        identifiers.identifier_raw_name as raw_name
    from {{ ref('stg_io_symlink_identifiers') }} as identifiers
    inner join events
        on identifiers.event_hash = events.event_hash
    where
        {{ lineage_warehouse.in_unseen_batch('identifiers.landing_batch') }}
        and events.extractor = 'SPARK'
        and identifiers.identifier_type = 'TABLE'
        and coalesce(identifiers.identifier_namespace, '') != ''
        and coalesce(identifiers.identifier_raw_name, '') != ''
),

first_spark_tables as (
    select
        event_hash,
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
        valid.is_static,
        valid.io_kind,
        valid.io_position,
        valid.namespace,
        valid.name,
        coalesce(first_spark_tables.namespace, valid.namespace) as node_namespace,
        coalesce(
            {{ lineage_warehouse.dataset_name('first_spark_tables.raw_name', 'first_spark_tables.namespace', 'valid.extractor') }},
            valid.name
        ) as node_name,
        first_spark_tables.namespace is not null as is_swapped,
        -- the dataset tags list in its typed columns (int_dataset_tag_events)
        valid.{{ tags_list }}_kind,
        valid.{{ tags_list }}_items,
        valid.lifecycle_change,
        valid.rows_text,
        valid.bytes_text,
        valid.files_text
    from valid
    left join first_spark_tables
        on
            valid.event_hash = first_spark_tables.event_hash
            and valid.io_kind = first_spark_tables.io_kind
            and valid.io_position = first_spark_tables.io_position
            and first_spark_tables.table_rank = 1
    where not {{ lineage_warehouse.dataset_name_is_reserved('first_spark_tables.raw_name') }}
)

select * from final
