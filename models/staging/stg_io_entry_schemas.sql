{#- The schema of every input/output entry (and of a DatasetEvent's dataset, D16) of every placed event (§2.4):
    the entry's own `schema` facet, normalised to JSON text, and its digest (UUIDv5 of the canonical JSON,
    Appendix A), which is also the schema id. No row when the facet is missing or its list is empty. Which entries
    count (an operation event's, a static event's) is int_event_datasets' rule: int_io_entry_schemas keeps those.
    Incremental: entries of unseen landing batches.
    Nested lists are exploded level by level down to schema_max_depth() levels: level_k holds every field of
    depth <= k (each row explodes the list [itself, its children...], children only when it is on the
    frontier), so each CTE is read once and the SQL grows linearly with the depth (Spark inlines every CTE
    reference); the select-list explosion never copies a big text into every produced row. Every field gets a
    path of zero-padded positions, so sorting by path is depth-first order. Each field emits an opening text at
    its path and a closing text after all its descendants (path || '~'), and one ordered aggregation per entry
    assembles the JSON. A facet with a field without a name, or with a non-empty list below the last level,
    gives no schema and a `problem` (a facet issue, D5). -#}
{{ lineage_warehouse.append_batches_config() }}

-- sqlfluff:indentation:template_blocks_indent:False
{%- set max_depth = lineage_warehouse.schema_max_depth() %}

with

entries_parts as (
    select
        entries.event_hash,
        entries.landing_batch,
        entries.io_kind,
        entries.io_position,
        {{ lineage_warehouse.json_get_list('entries.facets', [['schema', 'fields'], ['schema', 'fields', 0]]) }}
            as schema_parts
    from {{ ref('stg_io_entries') }} as entries
    where {{ lineage_warehouse.in_unseen_batch('entries.landing_batch') }} and entries.facets is not null
),

entries as (
    select
        event_hash,
        landing_batch,
        io_kind,
        io_position,
        {{ lineage_warehouse.list_item('schema_parts', 0) }} as schema_fields,
        md5({{ lineage_warehouse.list_item('schema_parts', 0) }}) as fields_key
    from entries_parts
    where {{ lineage_warehouse.list_item('schema_parts', 1) }} is not null
),

-- many entries repeat the same schema: each distinct fields list is exploded and digested once
distinct_schemas as (
    select
        fields_key,
        min(schema_fields) as schema_fields
    from entries
    group by fields_key
),

level_0_items as (
    select
        fields_key,
        {{ lineage_warehouse.explode_array_columns(
            lineage_warehouse.json_to_raw_array('schema_fields'), 'item_pos', 'item'
        ) }}
    from distinct_schemas
),

level_0 as (
    select
        fields_key,
        0 as depth,
        item_pos as pos,
        lpad(cast(item_pos as string), 6, '0') as field_path,
        item as field
    from level_0_items
),
{% for level in range(1, max_depth + 1) %}
{%- set nested = lineage_warehouse.json_get('field', ['fields']) %}
level_{{ level }}_items as (
    select
        fields_key,
        depth as parent_depth,
        pos as parent_pos,
        field_path as parent_path,
        {{ lineage_warehouse.explode_array_columns(
            "case when depth = " ~ (level - 1) ~ " and " ~ lineage_warehouse.json_get('field', ['fields', 0])
            ~ " is not null then " ~ lineage_warehouse.json_to_raw_array("'[' || field || ', ' || substr(" ~ nested ~ ", 2)")
            ~ " else " ~ lineage_warehouse.list_of(['field']) ~ " end",
            'item_pos', 'item'
        ) }}
    from level_{{ level - 1 }}
),

level_{{ level }} as (
    select
        fields_key,
        parent_depth + case when item_pos = 0 then 0 else 1 end as depth,
        case when item_pos = 0 then parent_pos else item_pos - 1 end as pos,
        case
            when item_pos = 0 then parent_path
            else parent_path || '.' || lpad(cast(item_pos - 1 as string), 6, '0')
        end as field_path,
        item as field
    from level_{{ level }}_items
),
{% endfor %}
member_parts as (
    select
        fields_key,
        depth,
        pos,
        field_path,
        {{ lineage_warehouse.json_get_list('field', [['fields', 0], ['name'], ['type'], ['description']]) }}
            as field_parts
    from level_{{ max_depth }}
),

member_texts as (
    select
        fields_key,
        depth,
        pos,
        field_path,
        {{ lineage_warehouse.list_item('field_parts', 0) }} is not null as has_nested,
        {{ lineage_warehouse.list_item('field_parts', 1) }} as name_text,
        {{ lineage_warehouse.list_item('field_parts', 2) }} as type_text,
        {{ lineage_warehouse.python_strip(lineage_warehouse.list_item('field_parts', 3)) }} as description_text
    from member_parts
),

members as (
    select
        fields_key,
        depth,
        field_path,
        case when pos > 0 then ', ' else '' end as separator,
        has_nested,
        {{ lineage_warehouse.schema_field_members('name_text', 'type_text', 'description_text') }}
    from member_texts
),

token_kinds as (
    select 0 as is_close
    union all
    select 1 as is_close
),

tokens as (
    select
        members.fields_key,
        members.depth,
        members.field_name,
        members.field_path || case when token_kinds.is_close = 1 then '~' else '' end as sort_key,
        case
            when token_kinds.is_close = 1
                then {{ lineage_warehouse.schema_field_close('members.has_nested', 'members.', canonical=true) }}
            else members.separator
                || {{ lineage_warehouse.schema_field_open('members.has_nested', 'members.', canonical=true) }}
        end as canonical_token,
        case
            when token_kinds.is_close = 1
                then {{ lineage_warehouse.schema_field_close('members.has_nested', 'members.', canonical=false) }}
            else members.separator
                || {{ lineage_warehouse.schema_field_open('members.has_nested', 'members.', canonical=false) }}
        end as stored_token
    from members
    cross join token_kinds
),

documents as (
    select
        fields_key,
        '[' || {{ lineage_warehouse.ordered_string_agg(
            'case when depth < ' ~ max_depth ~ ' then canonical_token end', "''", 'sort_key'
        ) }} || ']' as canonical_fields,
        '[' || {{ lineage_warehouse.ordered_string_agg(
            'case when depth < ' ~ max_depth ~ ' then stored_token end', "''", 'sort_key'
        ) }} || ']' as fields,
        max(case when depth < {{ max_depth }} and field_name is null then 1 else 0 end) = 1 as has_nameless_field,
        max(case when depth = {{ max_depth }} then 1 else 0 end) = 1 as is_too_deep
    from tokens
    group by fields_key
),

final as (
    select
        entries.event_hash,
        entries.landing_batch,
        entries.io_kind,
        entries.io_position,
        case
            when not documents.has_nameless_field and not documents.is_too_deep
                then {{ lineage_warehouse.uuid5_url('documents.canonical_fields') }}
        end as schema_id,
        case when not documents.has_nameless_field and not documents.is_too_deep then documents.fields end as fields,
        case
            when documents.has_nameless_field then 'field_without_name'
            when documents.is_too_deep then 'nested_deeper_than_{{ max_depth }}_levels'
        end as problem
    from entries
    inner join documents
        on entries.fields_key = documents.fields_key
)

select * from final
