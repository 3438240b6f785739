{#- The D5 checks of the input and output entries of placed events and of their facets, one row per part that is
    dropped or read differently: the event and its other parts are kept. The lists and entries themselves are
    checked from the payload's text only for the events the typed parse cannot vouch for
    (stg_io_unvouched_lists).
    stg_facet_issues makes the checks of the event itself (its type, its run and job facets); the contract
    relation staging.facet_issues (models/marts/operational/facet_issues.sql) shows both, with the integration
    checks. -#}
{%- set entry_facets = [] %}
{%- set object_lists = [] %}
{%- for container, shapes in lineage_warehouse.entry_facet_shapes().items() %}
    {%- for name, shape in shapes.items() %}
        {%- do entry_facets.append((container, name)) %}
        {%- for keys in lineage_warehouse.shape_object_list_paths(shape) %}
            {%- do object_lists.append((container ~ '.' ~ name ~ '.' ~ keys | join('.'),
                lineage_warehouse.facet_field(lineage_warehouse.entry_facet_prefix(container, name), keys))) %}
        {%- endfor %}
    {%- endfor %}
{%- endfor %}
{#- every declared list of an entry: of the facets read from their own text (present when has_<prefix>) and of the
    facets read with the container (io_facet_shapes: symlinks identifiers; present when the container is kept) -#}
{%- set containers = {'facets': 'facets', 'inputFacets': 'input_facets', 'outputFacets': 'output_facets'} %}
{%- set declared_lists = [] %}
{%- for container, shapes in lineage_warehouse.entry_facet_shapes().items() %}
    {%- for name, shape in shapes.items() %}
        {%- set prefix = lineage_warehouse.entry_facet_prefix(container, name) %}
        {%- for keys in lineage_warehouse.shape_list_paths(shape) %}
            {%- do declared_lists.append((container ~ '.' ~ name ~ '.' ~ keys | join('.'),
                lineage_warehouse.declared_list_problem('entries.' ~ lineage_warehouse.facet_field(prefix, keys),
                    'entries.' ~ containers[container], [name] + keys,
                    'coalesce(entries.has_' ~ prefix ~ ', false)'))) %}
        {%- endfor %}
    {%- endfor %}
{%- endfor %}
{%- for container, shapes in lineage_warehouse.io_facet_shapes().items() %}
    {%- for name, shape in shapes.items() %}
        {%- set prefix = containers[container] ~ '_' ~ lineage_warehouse.snake_case(name) %}
        {%- for keys in lineage_warehouse.shape_list_paths(shape) %}
            {%- do declared_lists.append((container ~ '.' ~ name ~ '.' ~ keys | join('.'),
                lineage_warehouse.declared_list_problem('entries.' ~ lineage_warehouse.facet_field(prefix, keys),
                    'entries.' ~ containers[container], [name] + keys,
                    'entries.' ~ containers[container] ~ ' is not null'))) %}
        {%- endfor %}
    {%- endfor %}
{%- endfor %}
{{ lineage_warehouse.append_batches_config(sparse_rows=true) }}

with

entries as {{ lineage_warehouse.cte_inlined() }} (
    select
        *,
        {{ lineage_warehouse.io_entry_path('io_kind', 'io_position') }} || '.' as entry_path
    from {{ ref('stg_io_entries') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

-- the lists of the events the typed parse cannot vouch for, as text (the others pass both list checks)
unvouched_lists as (
    select * from {{ ref('stg_io_unvouched_lists') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

column_metrics as (
    select * from {{ ref('stg_io_column_metrics') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

dataset_lists as (
    {%- for facet in ['inputs', 'outputs'] %}
        select
            event_hash,
            landing_batch,
            '{{ facet }}' as facet,
            {{ facet }}_text as datasets
        from unvouched_lists
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

lists_not_arrays as (
    select
        event_hash,
        landing_batch,
        facet,
        'not_an_array' as reason
    from dataset_lists
    where datasets is not null and {{ lineage_warehouse.json_kind('datasets') }} != 'array'
),

dataset_entries as (
    select
        dataset_lists.event_hash,
        dataset_lists.landing_batch,
        dataset_lists.facet || '[' || cast(entries.pos as string) || ']' as facet,
        entries.value as entry
    from dataset_lists
    {{ lineage_warehouse.explode_array(lineage_warehouse.json_to_raw_array('dataset_lists.datasets'), 'entries') }}
),

dataset_entry_checks as (
    select
        event_hash,
        landing_batch,
        facet,
        {{ lineage_warehouse.json_kind('entry') }} as entry_kind,
        {{ lineage_warehouse.json_get_list('entry', [['namespace'], ['name']]) }} as entry_parts
    from dataset_entries
),

bad_dataset_entries as (
    select
        event_hash,
        landing_batch,
        facet,
        case
            when entry_kind != 'object' then 'not_an_object'
            else 'missing_namespace_or_name'
        end as reason
    from dataset_entry_checks
    where
        entry_kind != 'object'
        or coalesce({{ lineage_warehouse.list_item('entry_parts', 0) }}, '') = ''
        or coalesce({{ lineage_warehouse.list_item('entry_parts', 1) }}, '') = ''
),

-- an entry facet read from its text (entry_facet_shapes) sent but not as a JSON object
dataset_facets_not_objects as (
    {%- for container, name in entry_facets %}
        select
            event_hash,
            landing_batch,
            entry_path || '{{ container }}.{{ name }}' as facet,
            'not_an_object' as reason
        from entries
        where not has_{{ lineage_warehouse.entry_facet_prefix(container, name) }}
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

-- an item of a declared list of objects in an entry facet (owners) that is not an object: read as NULL, skipped
object_list_items_not_objects as (
    {%- for path, column in object_lists %}
        select
            entries.event_hash,
            entries.landing_batch,
            entries.entry_path || '{{ path }}[' || cast(items.pos as string) || ']' as facet,
            'not_an_object' as reason
        from entries
        {{ lineage_warehouse.explode_array('entries.' ~ column, 'items') }}
        where items.value is null
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

-- a declared list of an entry facet (ownership owners, hierarchy levels, data-quality assertions, symlink
-- identifiers) sent as another JSON type: read as no list
list_checks as (
    {%- for path, problem in declared_lists %}
        select
            entries.event_hash,
            entries.landing_batch,
            entries.entry_path || '{{ path }}' as facet,
            {{ problem }} as reason
        from entries
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

lists_not_arrays_in_facets as (
    select * from list_checks
    where reason is not null
),

-- a columnMetrics that is not an object, or one column's metrics that are not: not read
column_metrics_not_objects as (
    {%- for container in ['facets', 'inputFacets'] %}
        {%- set column = lineage_warehouse.entry_facet_prefix(container, 'dataQualityMetrics') ~ '__column_metrics' %}
        select
            event_hash,
            landing_batch,
            entry_path || '{{ container }}.dataQualityMetrics.columnMetrics' as facet,
            'not_an_object' as reason
        from entries
        where {{ column }} is not null and not {{ lineage_warehouse.facet_text_is_object(column) }}
        union all
    {%- endfor %}
    select
        column_metrics.event_hash,
        column_metrics.landing_batch,
        {{ lineage_warehouse.io_entry_path('column_metrics.io_kind', 'column_metrics.io_position') }} || '.'
        || column_metrics.container || '.dataQualityMetrics.columnMetrics.' || column_metrics.column_name as facet,
        'not_an_object' as reason
    from column_metrics
    where not column_metrics.is_object
),

-- a dataset tags facet with a tag lacking its key or value, a lifecycleStateChange whose previousIdentifier
-- lacks its namespace or name: dropped whole (macros/entry_facet_checks.sql)
entry_facet_checks as (
    {{- lineage_warehouse.entry_facet_checks('entries') }}
),

invalid_entry_facets as (
    select * from entry_facet_checks
    where reason is not null
),

final as (
    select * from lists_not_arrays
    union all
    select * from bad_dataset_entries
    union all
    select * from dataset_facets_not_objects
    union all
    select * from object_list_items_not_objects
    union all
    select * from lists_not_arrays_in_facets
    union all
    select * from column_metrics_not_objects
    union all
    select * from invalid_entry_facets
)

select * from final
