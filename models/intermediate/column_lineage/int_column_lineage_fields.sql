{#- One row per source column and transformation of the columnLineage facet of every output entry of an operation
    event (§8.1; the three forms are read in staging: stg_io_column_lineage), for the output entries the entry
    rules keep (int_event_datasets; a static event's outputs, D16, declare datasets, not lineage). Source names get
    the rewrites of §2.1 (`dataset_name`); sources with a reserved name (docs/rules.md "Dataset names: reserved"),
    or whose name is empty after the rewrites, are skipped. Each row carries its column relation (§8.1, §8.2): the
    transformation's type flag (from subtype and masking), and the target column only for a DIRECT transformation
    of the per-field forms (the dataset-level form and every other type have none). Appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

outputs as (
    select
        event_hash,
        io_position,
        extractor
    from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and io_kind = 'OUTPUT' and not is_static
),

sources as (
    select * from {{ ref('stg_io_column_lineage') }}
    where
        {{ lineage_warehouse.in_unseen_batch() }}
        and not {{ lineage_warehouse.dataset_name_is_reserved('source_raw_name') }}
),

named as (
    select
        sources.event_hash,
        sources.landing_batch,
        outputs.extractor,
        sources.io_position,
        sources.lineage_form,
        sources.target_column,
        sources.source_namespace,
        {{ lineage_warehouse.dataset_name('sources.source_raw_name', 'sources.source_namespace', 'outputs.extractor') }}
            as source_name,
        sources.source_column,
        sources.transformation_type,
        sources.transformation_subtype,
        sources.masking
    from sources
    inner join outputs
        on sources.event_hash = outputs.event_hash and sources.io_position = outputs.io_position
),

final as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_position,
        lineage_form,
        case
            when lineage_form in ('FIELD', 'LEGACY') and transformation_type = 'DIRECT' then target_column
        end as target_column,
        source_namespace,
        source_name,
        source_column,
        transformation_type,
        transformation_subtype,
        masking,
        {{ lineage_warehouse.column_transformation_flag('transformation_subtype', 'masking') }} as type_flag
    from named
    where coalesce(source_name, '') != ''
)

select * from final
