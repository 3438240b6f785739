{#- One row per source column of the columnLineage facet of every output entry (§8.1), in all three forms:
    per-field with transformations (FIELD), per-field legacy without transformations (LEGACY: one synthetic
    transformation from the field's transformationType TT: type INDIRECT if TT = 'INDIRECT' else DIRECT,
    subtype TT, masked when TT contains 'mask'), and the dataset-level list (DATASET: target NULL; without
    transformations one INDIRECT without subtype). One row per transformation. Source names get the
    integration rewrites of §2.1; entries without namespace, name or field are skipped. Lists are exploded in
    the select list, so a wide table's facet is never copied into every produced row. -#}
{{ lineage_warehouse.append_batches_config() }}

with

outputs as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_position,
        {{ lineage_warehouse.json_get('facets', ['columnLineage', 'fields']) }} as fields,
        {{ lineage_warehouse.json_get('facets', ['columnLineage', 'dataset']) }} as dataset_level
    from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and io_kind = 'OUTPUT' and {{ lineage_warehouse.json_get('facets', ['columnLineage']) }} is not null
),

target_fields as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_position,
        {{ lineage_warehouse.explode_map_columns(
            lineage_warehouse.json_to_string_map('fields'), 'target_column', 'target_spec'
        ) }}
    from outputs
),

targets as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_position,
        target_column,
        {{ lineage_warehouse.json_get('target_spec', ['transformationType']) }} as legacy_type,
        {{ lineage_warehouse.json_get('target_spec', ['inputFields']) }} as input_fields
    from target_fields
),

field_source_items as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_position,
        'FIELD' as lineage_form,
        target_column,
        legacy_type,
        {{ lineage_warehouse.explode_array_columns(
            lineage_warehouse.json_to_raw_array('input_fields'), 'source_position', 'source_spec'
        ) }}
    from targets
),

dataset_source_items as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_position,
        'DATASET' as lineage_form,
        cast(null as string) as target_column,
        cast(null as string) as legacy_type,
        {{ lineage_warehouse.explode_array_columns(
            lineage_warehouse.json_to_raw_array('dataset_level'), 'source_position', 'source_spec'
        ) }}
    from outputs
),

all_sources as (
    select * from field_source_items
    union all
    select * from dataset_source_items
),

sources as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_position,
        lineage_form,
        target_column,
        legacy_type,
        {{ lineage_warehouse.json_get('source_spec', ['namespace']) }} as source_namespace,
        {{ lineage_warehouse.dataset_name(lineage_warehouse.json_get('source_spec', ['name']), 'extractor') }}
            as source_name,
        {{ lineage_warehouse.json_get('source_spec', ['field']) }} as source_column,
        {{ lineage_warehouse.json_get('source_spec', ['transformations']) }} as transformations,
        coalesce({{ lineage_warehouse.json_get('source_spec', ['transformations', 0]) }}, '') != ''
            as has_transformations
    from all_sources
),

transformation_items as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_position,
        lineage_form,
        target_column,
        source_namespace,
        source_name,
        source_column,
        {{ lineage_warehouse.explode_array_columns(
            lineage_warehouse.json_to_raw_array('transformations'), 'transformation_position', 'transformation'
        ) }}
    from sources
    where has_transformations
),

with_transformations as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_position,
        lineage_form,
        target_column,
        source_namespace,
        source_name,
        source_column,
        case
            when lineage_form = 'DATASET' then 'INDIRECT'
            else {{ lineage_warehouse.json_get('transformation', ['type']) }}
        end as transformation_type,
        {{ lineage_warehouse.json_get('transformation', ['subtype']) }} as transformation_subtype,
        coalesce({{ lineage_warehouse.json_get('transformation', ['masking']) }}, 'false') = 'true' as masking
    from transformation_items
),

without_transformations as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_position,
        case when lineage_form = 'FIELD' then 'LEGACY' else lineage_form end as lineage_form,
        target_column,
        source_namespace,
        source_name,
        source_column,
        case
            when lineage_form = 'FIELD' and coalesce(legacy_type, '') != 'INDIRECT' then 'DIRECT'
            else 'INDIRECT'
        end as transformation_type,
        case when lineage_form = 'FIELD' then nullif(legacy_type, '') end as transformation_subtype,
        lineage_form = 'FIELD' and coalesce(lower(legacy_type) like '%mask%', false) as masking
    from sources
    where not has_transformations
),

final as (
    select * from with_transformations
    union all
    select * from without_transformations
)

select * from final
where coalesce(source_namespace, '') != '' and coalesce(source_name, '') != '' and coalesce(source_column, '') != ''
