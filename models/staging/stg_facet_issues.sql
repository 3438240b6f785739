{#- Parts of placed events that are dropped or read differently, one row each (D5): the event is kept,
    the part is not used. These are the checks staging can make on the parsed event; the integration checks
    (int_jobs_runs_facet_issues, int_operations_io_facet_issues) add their rows in intermediate, and the contract
    relation staging.facet_issues (models/marts/operational/facet_issues.sql) shows all of them. -#}
{%- set object_lists = [] %}
{%- for container, shapes in [('job', lineage_warehouse.job_facet_shapes()), ('run', lineage_warehouse.run_facet_shapes())] %}
    {%- for name, shape in shapes.items() %}
        {%- for keys in lineage_warehouse.shape_object_list_paths(shape) %}
            {%- do object_lists.append(('payloads', container ~ '.facets.' ~ name ~ '.' ~ keys | join('.'),
                lineage_warehouse.facet_field(lineage_warehouse.facet_prefix(container, name), keys))) %}
        {%- endfor %}
    {%- endfor %}
{%- endfor %}
{%- for container, shapes in lineage_warehouse.entry_facet_shapes().items() %}
    {%- for name, shape in shapes.items() %}
        {%- for keys in lineage_warehouse.shape_object_list_paths(shape) %}
            {%- do object_lists.append(('entries', container ~ '.' ~ name ~ '.' ~ keys | join('.'),
                lineage_warehouse.facet_field(lineage_warehouse.entry_facet_prefix(container, name), keys))) %}
        {%- endfor %}
    {%- endfor %}
{%- endfor %}
{%- set declared_facet_shapes = [('run', lineage_warehouse.run_facet_shapes()),
    ('job', lineage_warehouse.job_facet_shapes())] %}
{%- set declared_names = {} %}
{%- set parsed_flags = {} %}
{%- for container, shapes in declared_facet_shapes %}
    {%- do declared_names.update({container: shapes.keys() | list}) %}
    {%- do parsed_flags.update({container: []}) %}
    {%- for name in shapes %}
        {%- do parsed_flags[container].append(lineage_warehouse.facet_present(
            lineage_warehouse.facet_prefix(container, name))) %}
    {%- endfor %}
{%- endfor %}
{{ lineage_warehouse.append_batches_config(sparse_rows=true) }}

{%- set payload_paths = [
    ['inputs'],
    ['outputs']
] %}
{%- set part = [] %}
{%- for index in range(payload_paths | length) %}
    {%- do part.append(lineage_warehouse.list_item('payload_parts', index)) %}
{%- endfor %}

with

events_parts as (
    select
        event_hash,
        landing_batch,
        event_type_raw,
        job_namespace,
        {{ lineage_warehouse.json_get_list('payload', payload_paths) }} as payload_parts
    from {{ ref('stg_events') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

events as (
    select
        event_hash,
        landing_batch,
        event_type_raw,
        job_namespace,
        {{ part[0] }} as inputs,
        {{ part[1] }} as outputs
    from events_parts
),

payloads as (
    select * from {{ ref('stg_event_payloads') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

unknown_event_types as (
    select
        event_hash,
        landing_batch,
        'eventType' as facet,
        'unknown_event_type' as reason
    from events
    where
        event_type_raw is not null
        and event_type_raw not in ('START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER')
),

facet_containers as (
    {%- for container, shapes in declared_facet_shapes %}
        select
            event_hash,
            landing_batch,
            '{{ container }}.facets' as facet,
            {{ container }}_facets_kind as facets_kind,
            {{ container }}_facets as facets,
            -- the declared facets that parsed (one whose text starts like an object but did not is not an object)
            {{ lineage_warehouse.list_of(parsed_flags[container]) }} as parsed_declared
        from payloads
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

containers_not_objects as (
    select
        event_hash,
        landing_batch,
        facet,
        'not_an_object' as reason
    from facet_containers
    where facets_kind != 'object'
),

facet_entries as (
    select
        facet_containers.event_hash,
        facet_containers.landing_batch,
        facet_containers.facet || '.' || entries.key as facet,
        {{ lineage_warehouse.facet_text_is_object('entries.value') }} as looks_like_object,
        facet_containers.parsed_declared
    from facet_containers
    {{ lineage_warehouse.explode_map('facet_containers.facets', 'entries') }}
    where entries.value is not null
),

-- whether a declared facet parsed (NULL for a facet no model reads)
facet_checks as (
    select
        event_hash,
        landing_batch,
        facet,
        looks_like_object,
        case
            {%- for container, names in declared_names.items() %}
                {%- for name in names %}
                    when facet = '{{ container }}.facets.{{ name }}'
                        then {{ lineage_warehouse.list_item('parsed_declared', loop.index0) }}
                {%- endfor %}
            {%- endfor %}
        end as declared_parsed
    from facet_entries
),

-- a facet whose text is not an object, or a facet the models read whose text looks like an object but is not
-- JSON (a string sent as '{...')
facets_not_objects as (
    select
        event_hash,
        landing_batch,
        facet,
        'not_an_object' as reason
    from facet_checks
    where not looks_like_object or not declared_parsed
),

entries as (
    select
        *,
        {{ lineage_warehouse.io_entry_path('io_kind', 'io_position') }} || '.' as entry_path
    from {{ ref('stg_io_entries') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

-- an entry facet read from its text (entry_facet_shapes) sent but not as a JSON object
{%- set entry_facets = [] %}
{%- for container, shapes in lineage_warehouse.entry_facet_shapes().items() %}
    {%- for name in shapes %}{% do entry_facets.append((container, name)) %}{% endfor %}
{%- endfor %}
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

-- an item of a declared list of objects (owners, hierarchy levels) that is not an object: read as NULL, skipped
object_list_items_not_objects as (
    {%- for source, path, column in object_lists %}
        select
            {{ source }}.event_hash,
            {{ source }}.landing_batch,
            {{ "entries.entry_path || " if source == 'entries' }}'{{ path }}[' || cast(items.pos as string) || ']'
                as facet,
            'not_an_object' as reason
        from {{ source }}
        {{ lineage_warehouse.explode_array(source ~ '.' ~ column, 'items') }}
        where items.value is null
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

column_metrics as (
    select * from {{ ref('stg_io_column_metrics') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
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

dataset_lists as (
    select
        event_hash,
        landing_batch,
        'inputs' as facet,
        inputs as datasets
    from events
    union all
    select
        event_hash,
        landing_batch,
        'outputs' as facet,
        outputs as datasets
    from events
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

-- a StarRocks event (the chain of macros/extractors.sql would pick StarRocks with a valid session) whose
-- starrocks_session facet cannot be used: it is handled by the Unknown rules (docs/rules.md "StarRocks"); a facet
-- that is not an object is already noted by facets_not_objects
starrocks_session_checks as (
    select
        payloads.event_hash,
        payloads.landing_batch,
        {{ lineage_warehouse.event_extractor('payloads.job_job_type__integration', 'payloads.job_job_type__job_type',
            'events.job_namespace', 'cast(null as string)') }} as extractor_with_session,
        {{ lineage_warehouse.starrocks_session_problem('payloads') }} as problem
    from payloads
    inner join events
        on payloads.event_hash = events.event_hash
),

starrocks_sessions_unusable as (
    select
        event_hash,
        landing_batch,
        'run.facets.starrocks_session' as facet,
        problem as reason
    from starrocks_session_checks
    where extractor_with_session = 'STARROCKS' and problem != 'not_an_object'
),

-- a jobDependencies entry int_job_link_facts skips: not an object, or no job namespace or name
bad_dependency_entries as (
    select
        event_hash,
        landing_batch,
        'run.facets.jobDependencies.' || lower(direction) || '[' || cast(entry_position as string) || ']' as facet,
        case when entry_kind != 'object' then 'not_an_object' else 'missing_job_namespace_or_name' end as reason
    from {{ ref('stg_job_dependency_entries') }}
    where
        {{ lineage_warehouse.in_unseen_batch() }}
        and (entry_kind != 'object' or coalesce(job_namespace, '') = '' or coalesce(job_name, '') = '')
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
    select * from unknown_event_types
    union all
    select * from containers_not_objects
    union all
    select * from facets_not_objects
    union all
    select * from lists_not_arrays
    union all
    select * from bad_dataset_entries
    union all
    select * from bad_dependency_entries
    union all
    select * from starrocks_sessions_unusable
    union all
    select * from dataset_facets_not_objects
    union all
    select * from object_list_items_not_objects
    union all
    select * from column_metrics_not_objects
    union all
    select * from invalid_entry_facets
)

select * from final
