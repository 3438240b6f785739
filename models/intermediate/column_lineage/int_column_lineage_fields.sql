{#- One row per source column of the columnLineage facet of every output entry (§8.1), in all three forms:
    per-field with transformations (FIELD), per-field legacy without transformations (LEGACY), and the
    dataset-level list (DATASET). One row per transformation; a legacy field gets its synthetic one. -#}

with

outputs as (
    select
        event_hash,
        extractor,
        io_position,
        {{ lineage_warehouse.json_get('facets', ['columnLineage', 'fields']) }} as fields,
        {{ lineage_warehouse.json_get('facets', ['columnLineage', 'dataset']) }} as dataset_level
    from {{ ref('int_event_datasets') }}
    where io_kind = 'OUTPUT'
),

target_fields as (
    select
        outputs.event_hash,
        outputs.extractor,
        outputs.io_position,
        target.key as target_column,
        target.value as target_spec
    from outputs
    {{ lineage_warehouse.explode_map(lineage_warehouse.json_to_string_map('outputs.fields'), 'target') }}
),

field_sources as (
    select
        target_fields.event_hash,
        target_fields.extractor,
        target_fields.io_position,
        target_fields.target_column,
        source.value as source_spec,
        {{ lineage_warehouse.json_get('target_fields.target_spec', ['transformationType']) }} as legacy_type,
        {{ lineage_warehouse.json_get('target_fields.target_spec', ['transformationDescription']) }}
            as legacy_description
    from target_fields
    {{ lineage_warehouse.explode_array(
        lineage_warehouse.json_to_raw_array(lineage_warehouse.json_get('target_fields.target_spec', ['inputFields'])),
        'source'
    ) }}
),

field_transformations as (
    select
        field_sources.event_hash,
        field_sources.extractor,
        field_sources.io_position,
        'FIELD' as lineage_form,
        field_sources.target_column,
        field_sources.source_spec,
        {{ lineage_warehouse.json_get('transformation.value', ['type']) }} as transformation_type,
        {{ lineage_warehouse.json_get('transformation.value', ['subtype']) }} as transformation_subtype,
        coalesce({{ lineage_warehouse.json_get('transformation.value', ['masking']) }}, 'false') = 'true' as masking
    from field_sources
    {{ lineage_warehouse.explode_array(
        lineage_warehouse.json_to_raw_array(lineage_warehouse.json_get('field_sources.source_spec', ['transformations'])),
        'transformation'
    ) }}
),

legacy_fields as (
    select
        event_hash,
        extractor,
        io_position,
        'LEGACY' as lineage_form,
        target_column,
        source_spec,
        case when legacy_type = 'INDIRECT' then 'INDIRECT' else 'DIRECT' end as transformation_type,
        nullif(legacy_type, '') as transformation_subtype,
        coalesce(lower(legacy_type) like '%mask%', false) as masking
    from field_sources
    where coalesce({{ lineage_warehouse.json_get('source_spec', ['transformations', 0]) }}, '') = ''
),

dataset_sources as (
    select
        outputs.event_hash,
        outputs.extractor,
        outputs.io_position,
        source.value as source_spec
    from outputs
    {{ lineage_warehouse.explode_array(lineage_warehouse.json_to_raw_array('outputs.dataset_level'), 'source') }}
),

dataset_transformations as (
    select
        dataset_sources.event_hash,
        dataset_sources.extractor,
        dataset_sources.io_position,
        'DATASET' as lineage_form,
        cast(null as string) as target_column,
        dataset_sources.source_spec,
        'INDIRECT' as transformation_type,
        {{ lineage_warehouse.json_get('transformation.value', ['subtype']) }} as transformation_subtype,
        coalesce({{ lineage_warehouse.json_get('transformation.value', ['masking']) }}, 'false') = 'true' as masking
    from dataset_sources
    {{ lineage_warehouse.explode_array(
        lineage_warehouse.json_to_raw_array(lineage_warehouse.json_get('dataset_sources.source_spec', ['transformations'])),
        'transformation'
    ) }}
),

dataset_without_transformations as (
    select
        event_hash,
        extractor,
        io_position,
        'DATASET' as lineage_form,
        cast(null as string) as target_column,
        source_spec,
        'INDIRECT' as transformation_type,
        cast(null as string) as transformation_subtype,
        false as masking
    from dataset_sources
    where coalesce({{ lineage_warehouse.json_get('source_spec', ['transformations', 0]) }}, '') = ''
),

all_forms as (
    select * from field_transformations
    union all
    select * from legacy_fields
    union all
    select * from dataset_transformations
    union all
    select * from dataset_without_transformations
),

final as (
    select
        event_hash,
        extractor,
        io_position,
        lineage_form,
        target_column,
        {{ lineage_warehouse.json_get('source_spec', ['namespace']) }} as source_namespace,
        {{ lineage_warehouse.dataset_name(lineage_warehouse.json_get('source_spec', ['name']), 'extractor') }}
            as source_name,
        {{ lineage_warehouse.json_get('source_spec', ['field']) }} as source_column,
        upper(transformation_type) as transformation_type,
        transformation_subtype,
        masking
    from all_forms
)

select * from final
where coalesce(source_namespace, '') != '' and coalesce(source_name, '') != '' and coalesce(source_column, '') != ''
