{#- One row per source column of the columnLineage facet of every output entry (§8.1), as sent, in all three
    forms: per-field with transformations (FIELD), per-field legacy without transformations (LEGACY: one synthetic
    transformation from the field's transformationType TT: type INDIRECT if TT = 'INDIRECT' else DIRECT, subtype
    TT, masked when TT contains 'mask'), and the dataset-level list (DATASET: target NULL; without transformations
    one INDIRECT without subtype). One row per transformation. Sources without namespace or field are skipped;
    the source's name is kept as sent (source_raw_name: int_column_lineage_fields rewrites it, §2.1, and skips
    reserved names and the entries the entry rules skip). A target sent as anything but an object is not read
    (D5). Lists are exploded in the select list, so a wide table's facet is never copied into every produced row.
    Incremental: unseen landing batches. -#}
{{ lineage_warehouse.append_batches_config() }}

with

output_parts as (
    select
        event_hash,
        landing_batch,
        io_position,
        {{ lineage_warehouse.json_get_list('facets', [
            ['columnLineage'], ['columnLineage', 'fields'], ['columnLineage', 'dataset']
        ]) }} as lineage_parts
    from {{ ref('stg_io_entries') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and io_kind = 'OUTPUT' and facets is not null
),

outputs as (
    select
        event_hash,
        landing_batch,
        io_position,
        {{ lineage_warehouse.list_item('lineage_parts', 1) }} as fields,
        {{ lineage_warehouse.list_item('lineage_parts', 2) }} as dataset_level
    from output_parts
    where {{ lineage_warehouse.list_item('lineage_parts', 0) }} is not null
),

target_fields as (
    select
        event_hash,
        landing_batch,
        io_position,
        {{ lineage_warehouse.explode_map_columns(
            lineage_warehouse.json_to_string_map('fields'), 'target_column', 'target_spec'
        ) }}
    from outputs
),

target_field_parts as (
    select
        event_hash,
        landing_batch,
        io_position,
        target_column,
        -- a target sent as a string (even one that starts like an object) is not read (D5)
        {{ lineage_warehouse.json_get_list(
            "case when " ~ lineage_warehouse.json_kind('target_spec') ~ " = 'object' then target_spec end",
            [['transformationType'], ['inputFields']]
        ) }} as target_parts
    from target_fields
),

targets as (
    select
        event_hash,
        landing_batch,
        io_position,
        target_column,
        {{ lineage_warehouse.list_item('target_parts', 0) }} as legacy_type,
        {{ lineage_warehouse.list_item('target_parts', 1) }} as input_fields
    from target_field_parts
),

field_source_items as (
    select
        event_hash,
        landing_batch,
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

source_parts as (
    select
        event_hash,
        landing_batch,
        io_position,
        lineage_form,
        target_column,
        legacy_type,
        {{ lineage_warehouse.json_get_list('source_spec', [
            ['namespace'], ['name'], ['field'], ['transformations'], ['transformations', 0]
        ]) }} as source_parts
    from all_sources
),

sources as (
    select
        event_hash,
        landing_batch,
        io_position,
        lineage_form,
        target_column,
        legacy_type,
        {{ lineage_warehouse.list_item('source_parts', 0) }} as source_namespace,
        {{ lineage_warehouse.list_item('source_parts', 1) }} as source_raw_name,
        {{ lineage_warehouse.list_item('source_parts', 2) }} as source_column,
        {{ lineage_warehouse.list_item('source_parts', 3) }} as transformations,
        coalesce({{ lineage_warehouse.list_item('source_parts', 4) }}, '') != '' as has_transformations
    from source_parts
),

transformation_items as (
    -- a source without transformations gets one empty transformation, read below by the legacy rule
    select
        event_hash,
        landing_batch,
        io_position,
        lineage_form,
        target_column,
        legacy_type,
        has_transformations,
        source_namespace,
        source_raw_name,
        source_column,
        {{ lineage_warehouse.explode_array_columns(
            lineage_warehouse.json_to_raw_array("case when has_transformations then transformations else '[{}]' end"),
            'transformation_position', 'transformation'
        ) }}
    from sources
),

transformation_parts as (
    select
        event_hash,
        landing_batch,
        io_position,
        lineage_form,
        target_column,
        legacy_type,
        has_transformations,
        source_namespace,
        source_raw_name,
        source_column,
        {{ lineage_warehouse.json_get_list('transformation', [['type'], ['subtype'], ['masking']]) }}
            as transformation_parts
    from transformation_items
),

all_forms as (
    select
        event_hash,
        landing_batch,
        io_position,
        case
            when lineage_form = 'FIELD' and not has_transformations then 'LEGACY' else lineage_form
        end as lineage_form,
        target_column,
        source_namespace,
        source_raw_name,
        source_column,
        case
            when lineage_form = 'DATASET' then 'INDIRECT'
            when has_transformations then {{ lineage_warehouse.list_item('transformation_parts', 0) }}
            when coalesce(legacy_type, '') != 'INDIRECT' then 'DIRECT'
            else 'INDIRECT'
        end as transformation_type,
        case
            when has_transformations then {{ lineage_warehouse.list_item('transformation_parts', 1) }}
            when lineage_form = 'FIELD' then nullif(legacy_type, '')
        end as transformation_subtype,
        case
            when has_transformations
                then coalesce({{ lineage_warehouse.list_item('transformation_parts', 2) }}, 'false') = 'true'
            else lineage_form = 'FIELD' and coalesce(lower(legacy_type) like '%mask%', false)
        end as masking
    from transformation_parts
),

final as (
    select * from all_forms
    where coalesce(source_namespace, '') != '' and coalesce(source_column, '') != ''
)

select * from final
