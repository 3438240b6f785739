{#- docs/rules.md "Job hierarchy: query" (the reference's GET /v1/jobs/hierarchy) with D15: a SELECT returning the
    job hierarchy around one job.

    job_hierarchy(start_job_id, direction='BOTH', depth=1, infer_from_lineage=false, since=none, until=none,
                  jobs_relation=none, dependencies_relation=none, io_relation=none, symlinks_relation=none)

    One level, for a start set S: H = S with all its ancestors and descendants through jobs.parent_job_id;
    UPSTREAM takes the dependency rows whose to job is in H, DOWNSTREAM those whose from job is in H (BOTH: both);
    depth > 1 goes on from the from jobs of the upstream rows (upstream only) and the to jobs of the downstream
    rows (downstream only), one level less (depth <= 1 acts as 1; at most var lineage_max_depth). Dependency rows
    are the stored ones (job_dependencies, whatever their time) and, with infer_from_lineage, the pairs inferred
    from inputs and outputs whose created_at are both >= since (and <= until when given): writer → reader on one
    dataset or one connected group of dataset_symlinks, different jobs, read at or after the write (D15), type
    INFERRED_FROM_LINEAGE; a pair can come back with two types. Finally every job met gets its ancestors and
    descendants too; the nodes are all jobs seen, and the PARENT rows every parent link between two of them.
    Parent chains are walked up to var parent_chain_depth (20) links, so a parent cycle cannot loop.

    Columns: record_type (NODE / PARENT / DEPENDENCY); NODE rows: job_id, parent_job_id, location_id, name, type;
    PARENT and DEPENDENCY rows: from_job_id, to_job_id (PARENT: parent → child) and dependency_type (DEPENDENCY).
    Overrides for tests and ad-hoc graphs: jobs_relation (job_id, parent_job_id, location_id, name, type),
    dependencies_relation (from_job_id, to_job_id, type), io_relation (io_kind INPUT/OUTPUT, created_at, job_id,
    dataset_id), symlinks_relation (from_dataset_id, to_dataset_id). -#}
{% macro job_hierarchy(start_job_id, direction='BOTH', depth=1, infer_from_lineage=false, since=none, until=none,
                       jobs_relation=none, dependencies_relation=none, io_relation=none,
                       symlinks_relation=none) -%}
    {%- set direction = direction | upper -%}
    {%- set max_depth = var('lineage_max_depth', 10) | int -%}
    {%- set depth = [[depth | int, 1] | max, max_depth] | min -%}
    {%- set chain = var('parent_chain_depth', 20) | int -%}
    {%- if direction not in ['UPSTREAM', 'DOWNSTREAM', 'BOTH'] -%}
        {{ exceptions.raise_compiler_error("job_hierarchy: direction must be UPSTREAM, DOWNSTREAM or BOTH, not " ~ direction) }}
    {%- endif -%}
    {%- if infer_from_lineage and since is none -%}
        {{ exceptions.raise_compiler_error("job_hierarchy: since is required when infer_from_lineage") }}
    {%- endif -%}
    {%- if since is not none and until is not none and since >= until -%}
        {{ exceptions.raise_compiler_error("job_hierarchy: since must be before until") }}
    {%- endif -%}
    {%- set branches = ['UPSTREAM', 'DOWNSTREAM'] if direction == 'BOTH' else [direction] -%}
    {%- set near = {'UPSTREAM': 'to_job_id', 'DOWNSTREAM': 'from_job_id'} -%}
    {%- set far = {'UPSTREAM': 'from_job_id', 'DOWNSTREAM': 'to_job_id'} -%}
with

jh_jobs as (
    select
        job_id,
        parent_job_id,
        location_id,
        name,
        type
    from {{ ref('jobs') if jobs_relation is none else jobs_relation }} as jh_job_rows
),

jh_copies as (
    select 0 as copy
    union all
    select 1 as copy
),

{#- ancestor pairs (job, ancestor), each level reading the previous one once (copy 0 keeps, copy 1 climbs) #}
jh_ancestors_0 as (
    select
        job_id,
        job_id as ancestor_id
    from jh_jobs
),
{%- for i in range(1, chain + 1) %}

jh_ancestors_{{ i }} as (
    select distinct
        kept.job_id,
        case when jh_copies.copy = 0 then kept.ancestor_id else jh_jobs.parent_job_id end as ancestor_id
    from jh_ancestors_{{ i - 1 }} as kept
    left join jh_jobs
        on kept.ancestor_id = jh_jobs.job_id
    cross join jh_copies
    where jh_copies.copy = 0 or jh_jobs.parent_job_id is not null
),
{%- endfor %}

{#- family: every job with itself, its ancestors and its descendants (relative_id) #}
jh_family as (
    select
        job_id,
        ancestor_id as relative_id
    from jh_ancestors_{{ chain }}
    union
    select
        ancestor_id as job_id,
        job_id as relative_id
    from jh_ancestors_{{ chain }}
),

jh_dependencies as (
    select
        from_job_id,
        to_job_id,
        type as dependency_type
    from {{ ref('job_dependencies') if dependencies_relation is none else dependencies_relation }} as jh_stored
    {%- if infer_from_lineage %}
    union
    select
        from_job_id,
        to_job_id,
        dependency_type
    from ({{ lineage_warehouse.job_hierarchy_inferred(since, until, io_relation, symlinks_relation) }}) as jh_inferred
    {%- endif %}
),

{%- for branch in branches %}
{%- set b = branch | lower %}

{{ b }}_starts_1 as (
    select {{ lineage_warehouse.sql_string(start_job_id) }} as job_id
),
{%- for level in range(1, depth + 1) %}

{{ b }}_rows_{{ level }} as (
    select distinct
        jh_dependencies.from_job_id,
        jh_dependencies.to_job_id,
        jh_dependencies.dependency_type
    from {{ b }}_starts_{{ level }} as starts
    inner join jh_family
        on starts.job_id = jh_family.job_id
    inner join jh_dependencies
        on jh_family.relative_id = jh_dependencies.{{ near[branch] }}
),
{%- if level < depth %}

{{ b }}_starts_{{ level + 1 }} as (
    select distinct {{ far[branch] }} as job_id
    from {{ b }}_rows_{{ level }}
),
{%- endif %}
{%- endfor %}
{%- endfor %}

jh_dependency_rows as (
    {%- for branch in branches %}
    {%- set outer = loop %}
    {%- for level in range(1, depth + 1) %}
    select * from {{ branch | lower }}_rows_{{ level }}
    {%- if not (outer.last and loop.last) %}
    union
    {%- endif %}
    {%- endfor %}
    {%- endfor %}
),

jh_met as (
    select {{ lineage_warehouse.sql_string(start_job_id) }} as job_id
    union
    select from_job_id as job_id from jh_dependency_rows
    union
    select to_job_id as job_id from jh_dependency_rows
),

jh_nodes as (
    select distinct jh_family.relative_id as job_id
    from jh_met
    inner join jh_family
        on jh_met.job_id = jh_family.job_id
),

jh_node_rows as (
    select
        jh_jobs.job_id,
        jh_jobs.parent_job_id,
        jh_jobs.location_id,
        jh_jobs.name,
        jh_jobs.type
    from jh_nodes
    inner join jh_jobs
        on jh_nodes.job_id = jh_jobs.job_id
),

jh_final as (
    select
        'NODE' as record_type,
        job_id,
        parent_job_id,
        location_id,
        name,
        type,
        cast(null as string) as from_job_id,
        cast(null as string) as to_job_id,
        cast(null as string) as dependency_type
    from jh_node_rows
    union all
    select
        'PARENT' as record_type,
        cast(null as string) as job_id,
        cast(null as string) as parent_job_id,
        cast(null as string) as location_id,
        cast(null as string) as name,
        cast(null as string) as type,
        children.parent_job_id as from_job_id,
        children.job_id as to_job_id,
        cast(null as string) as dependency_type
    from jh_node_rows as children
    inner join jh_nodes as parents
        on children.parent_job_id = parents.job_id
    union all
    select
        'DEPENDENCY' as record_type,
        cast(null as string) as job_id,
        cast(null as string) as parent_job_id,
        cast(null as string) as location_id,
        cast(null as string) as name,
        cast(null as string) as type,
        from_job_id,
        to_job_id,
        dependency_type
    from jh_dependency_rows
)

select * from jh_final
{%- endmacro %}

{#- The inferred dependency pairs of job_hierarchy (D15) for the window [since, until]: a query text. -#}
{% macro job_hierarchy_inferred(since, until, io_relation, symlinks_relation) -%}
    {%- set window -%}
        created_at >= cast({{ lineage_warehouse.sql_string(since) }} as timestamp)
        {%- if until is not none %} and created_at <= cast({{ lineage_warehouse.sql_string(until) }} as timestamp){% endif %}
    {%- endset -%}
    {%- set io = {} -%}
    {%- for io_kind, relation in [('INPUT', 'inputs'), ('OUTPUT', 'outputs')] -%}
        {%- if io_relation is none -%}
            {%- set source = ref(relation) -%}
        {%- else -%}
            {%- set source = '(select * from ' ~ io_relation ~ " as jh_io_override where io_kind = '" ~ io_kind ~ "')" -%}
        {%- endif -%}
        {%- do io.update({io_kind: '(select job_id, dataset_id, created_at from ' ~ source ~ ' as jh_io where '
            ~ window ~ ')'}) -%}
    {%- endfor -%}
    select distinct
        from_job_id,
        to_job_id,
        'INFERRED_FROM_LINEAGE' as dependency_type
    from (
        {{ lineage_warehouse.inferred_job_dependency_writes(io['OUTPUT'], io['INPUT'],
            ref('dataset_symlinks') if symlinks_relation is none else symlinks_relation) }}
    ) as jh_inferred_writes
{%- endmacro %}
