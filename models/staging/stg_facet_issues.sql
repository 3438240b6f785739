{#- Parts of placed events that are dropped or read differently, one row each (D5): the event is kept,
    the part is not used. These are the checks staging makes on the event itself (its type, its run and job
    facets, its jobDependencies entries); stg_io_entry_issues makes those of its input and output entries, the
    integration checks (int_jobs_runs_facet_issues, int_operations_io_facet_issues) add their rows in
    intermediate, and the contract relation staging.facet_issues (models/marts/operational/facet_issues.sql) shows
    all of them. -#}
{%- set object_lists = [] %}
{%- for container, shapes in [('job', lineage_warehouse.job_facet_shapes()), ('run', lineage_warehouse.run_facet_shapes())] %}
    {%- for name, shape in shapes.items() %}
        {%- for keys in lineage_warehouse.shape_object_list_paths(shape) %}
            {%- do object_lists.append((container ~ '.facets.' ~ name ~ '.' ~ keys | join('.'),
                lineage_warehouse.facet_field(lineage_warehouse.facet_prefix(container, name), keys))) %}
        {%- endfor %}
    {%- endfor %}
{%- endfor %}
{%- set declared_lists = [] %}
{%- for container, shapes in [('job', lineage_warehouse.job_facet_shapes()), ('run', lineage_warehouse.run_facet_shapes())] %}
    {%- for name, shape in shapes.items() %}
        {%- set prefix = lineage_warehouse.facet_prefix(container, name) %}
        {%- for keys in lineage_warehouse.shape_list_paths(shape) %}
            {%- do declared_lists.append((container ~ '.facets.' ~ name ~ '.' ~ keys | join('.'),
                lineage_warehouse.declared_list_problem('payloads.' ~ lineage_warehouse.facet_field(prefix, keys),
                    'payloads.' ~ container ~ "_facets['" ~ name ~ "']", keys,
                    'coalesce(payloads.has_' ~ prefix ~ ', false)'))) %}
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

with

events as {{ lineage_warehouse.cte_inlined() }} (
    select
        event_hash,
        landing_batch,
        event_type_raw,
        job_namespace
    from {{ ref('stg_events') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

payloads as {{ lineage_warehouse.cte_inlined() }} (
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

facet_containers as {{ lineage_warehouse.cte_inlined() }} (
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

-- exploded in the select list: DuckDB decorrelates a lateral join over this union into a join on every map
facet_map_entries as (
    select
        event_hash,
        landing_batch,
        facet as container_facet,
        parsed_declared,
        {{ lineage_warehouse.explode_map_columns('facets', 'facet_key', 'facet_text') }}
    from facet_containers
),

facet_entries as (
    select
        event_hash,
        landing_batch,
        container_facet || '.' || facet_key as facet,
        {{ lineage_warehouse.facet_text_is_object('facet_text') }} as looks_like_object,
        parsed_declared
    from facet_map_entries
    where facet_text is not null
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

-- an item of a declared list of objects in a run or job facet that is not an object: read as NULL, skipped
object_list_items_not_objects as (
    {%- for path, column in object_lists %}
        select
            payloads.event_hash,
            payloads.landing_batch,
            '{{ path }}[' || cast(items.pos as string) || ']' as facet,
            'not_an_object' as reason
        from payloads
        {{ lineage_warehouse.explode_array('payloads.' ~ column, 'items') }}
        where items.value is null
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

-- a declared list of a run or job facet (ownership owners, test tests, jobDependencies upstream and downstream)
-- sent as another JSON type: read as no list
list_checks as (
    {%- for path, problem in declared_lists %}
        select
            payloads.event_hash,
            payloads.landing_batch,
            '{{ path }}' as facet,
            {{ problem }} as reason
        from payloads
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

lists_not_arrays as (
    select * from list_checks
    where reason is not null
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

final as (
    select * from unknown_event_types
    union all
    select * from containers_not_objects
    union all
    select * from facets_not_objects
    union all
    select * from object_list_items_not_objects
    union all
    select * from lists_not_arrays
    union all
    select * from starrocks_sessions_unusable
    union all
    select * from bad_dependency_entries
)

select * from final
