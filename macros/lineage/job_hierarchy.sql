{#- docs/rules.md "Job hierarchy: query" (with D15): a SELECT returning the jobs, parent links
    and dependencies around a start job.

    job_hierarchy(start_job_id, direction='BOTH', depth=1, infer_from_lineage=false, since=none, until=none,
                  jobs_relation=none, dependencies_relation=none, io_relation=none, symlinks_relation=none,
                  parent_rounds=var job_hierarchy_parent_rounds (10), symlink_rounds=var symlink_group_rounds (8))

    - the family of a job: itself, all its ancestors and all its descendants through parent_job_id (not its
      siblings). Parent cycles are walked at most `parent_rounds` parent hops
      (docs/decisions/job-hierarchy-bounded-walks.md), so a cycle ends and a chain longer than that is cut.
    - one level from a set of jobs: their families, then the dependencies into them (UPSTREAM: to ∈ family) or out
      of them (DOWNSTREAM: from ∈ family); depth > 1 goes on from the far ends (the from jobs upstream, the to jobs
      downstream) one level less. BOTH runs the two directions as separate branches from the start (each keeps its
      direction) and merges them. Depth below 1 acts as 1; above var lineage_max_depth (10) is an error.
    - every job met (start, far ends) brings its family.
    - dependencies: the declared ones (job_dependencies; no time window) and, with infer_from_lineage, the pairs
      inferred at query time from the input and output rows created in [since, until] (until optional; since
      required) by inferred_job_dependency_writes (D15: the read in the write's hour bucket or later, through
      connected symlink groups), typed INFERRED_FROM_LINEAGE. A pair declared and inferred comes back twice, once
      per type.
    - overrides for tests or ad-hoc graphs: jobs_relation (job_id, parent_job_id, location_id, name, type),
      dependencies_relation (from_job_id, to_job_id, type), io_relation (io_kind INPUT/OUTPUT, created_at,
      job_id, dataset_id), symlinks_relation (from_dataset_id, to_dataset_id).

    Columns, one flat row per record: record_type, from_job_id, to_job_id, dependency_type, job_id,
    parent_job_id, location_id, name, type.
    - NODE: a job reached; job_id, parent_job_id, location_id, name, type (from jobs; from/to NULL).
    - PARENT: from_job_id = the parent, to_job_id = the child, one per NODE job with a parent (the other columns
      NULL); the parent is a NODE too unless the parent walk was cut by its rounds.
    - DEPENDENCY: from_job_id must run before to_job_id; dependency_type = the declared type (may be NULL) or
      INFERRED_FROM_LINEAGE.
    Each level of the walk reads the previous level once and carries the DEPENDENCY rows found so far, and the
    answer reads the last level once (Spark inlines CTEs: a CTE read twice is computed twice), as lineage_traverse
    does. -#}
{% macro job_hierarchy(start_job_id, direction='BOTH', depth=1, infer_from_lineage=false, since=none, until=none,
                       jobs_relation=none, dependencies_relation=none, io_relation=none, symlinks_relation=none,
                       parent_rounds=none, symlink_rounds=none) -%}
    {%- set max_depth = var('lineage_max_depth', 10) | int -%}
    {%- set depth = [1 if depth is none else depth | int, 1] | max -%}
    {%- set direction = direction | upper -%}
    {%- set rounds = (var('job_hierarchy_parent_rounds', 10) if parent_rounds is none else parent_rounds) | int -%}
    {%- if direction not in ['UPSTREAM', 'DOWNSTREAM', 'BOTH'] -%}
        {{ exceptions.raise_compiler_error("job_hierarchy: direction must be UPSTREAM, DOWNSTREAM or BOTH, not " ~ direction) }}
    {%- endif -%}
    {%- if depth > max_depth -%}
        {{ exceptions.raise_compiler_error("job_hierarchy: depth must be at most " ~ max_depth ~ " (var lineage_max_depth), not " ~ depth) }}
    {%- endif -%}
    {%- if infer_from_lineage and since is none -%}
        {{ exceptions.raise_compiler_error("job_hierarchy: infer_from_lineage needs since") }}
    {%- endif -%}
    {%- if rounds < 1 -%}
        {{ exceptions.raise_compiler_error("job_hierarchy: parent_rounds must be at least 1, not " ~ rounds) }}
    {%- endif -%}
    {%- set jobs = ref('jobs') if jobs_relation is none else jobs_relation -%}
    {%- set branches = ['DOWNSTREAM', 'UPSTREAM'] if direction == 'BOTH' else [direction] -%}
with

jh_jobs as (
    select
        job_id,
        parent_job_id,
        location_id,
        name,
        type
    from {{ jobs }} as jh_job_rows
),

jh_dependencies as (
    select
        from_job_id,
        to_job_id,
        type as dependency_type
    from {{ ref('job_dependencies') if dependencies_relation is none else dependencies_relation }} as jh_declared
    {%- if infer_from_lineage %}
    union
    select distinct
        from_job_id,
        to_job_id,
        'INFERRED_FROM_LINEAGE' as dependency_type
    from (
        {{ lineage_warehouse.inferred_job_dependency_writes(
            lineage_warehouse.job_hierarchy_io('OUTPUT', io_relation, since, until),
            lineage_warehouse.job_hierarchy_io('INPUT', io_relation, since, until),
            ref('dataset_symlinks') if symlinks_relation is none else symlinks_relation, symlink_rounds
        ) | indent(8) }}
    ) as jh_inferred
    {%- endif %}
),

jh_copies as (
    select 0 as copy
    union all
    select 1 as copy
    union all
    select 2 as copy
),

{#- (job_id, ancestor_id, distance): every job of a parent link with itself at distance 0, then one parent hop per
    round from the pairs found in the round before (copy 1 probes, copy 0 keeps); a pair found again is not
    walked again, so a cycle ends, and the unrolled rounds bound every walk #}
jh_ancestry_0 as (
    select
        job_id,
        job_id as ancestor_id,
        0 as distance
    from jh_jobs
    where parent_job_id is not null and parent_job_id != job_id
    union
    select
        parent_job_id as job_id,
        parent_job_id as ancestor_id,
        0 as distance
    from jh_jobs
    where parent_job_id is not null and parent_job_id != job_id
),
{%- for round in range(1, rounds + 1) %}

jh_ancestry_{{ round }} as {{ lineage_warehouse.cte_materialized() }} (
    select
        probing.job_id,
        coalesce(hop.parent_job_id, probing.ancestor_id) as ancestor_id,
        min(case when hop.parent_job_id is null then probing.distance else {{ round }} end) as distance
    from (
        select
            pairs.job_id,
            pairs.ancestor_id,
            pairs.distance,
            case when copies.copy = 1 and pairs.distance = {{ round - 1 }} then pairs.ancestor_id end as probe_id
        from jh_ancestry_{{ round - 1 }} as pairs
        cross join jh_copies as copies
        where copies.copy < 2
    ) as probing
    left join jh_jobs as hop
        on
            probing.probe_id = hop.job_id
            and hop.parent_job_id != hop.job_id
    where probing.probe_id is null or hop.parent_job_id is not null
    group by probing.job_id, coalesce(hop.parent_job_id, probing.ancestor_id)
),
{%- endfor %}

{#- (job_id, relative_id): the family of every job of a parent link, itself included; a job of no parent link is
    its own family (callers coalesce) #}
jh_relatives as {{ lineage_warehouse.cte_materialized() }} (
    select distinct
        case when copies.copy = 0 then pairs.job_id else pairs.ancestor_id end as job_id,
        case when copies.copy = 0 then pairs.ancestor_id else pairs.job_id end as relative_id
    from jh_ancestry_{{ rounds }} as pairs
    cross join jh_copies as copies
    where copies.copy < 2
),
{%- for branch in branches %}
{%- set b = 'jh_' ~ branch[:2] | lower %}
{%- set near, far = ('to_job_id', 'from_job_id') if branch == 'UPSTREAM' else ('from_job_id', 'to_job_id') %}

{#- (near_id, dependency): a dependency whose near end is in near_id's family #}
{{ b }}_hop as {{ lineage_warehouse.cte_materialized() }} (
    select distinct
        coalesce(relatives.job_id, dependencies.{{ near }}) as near_id,
        dependencies.from_job_id,
        dependencies.to_job_id,
        dependencies.dependency_type
    from jh_dependencies as dependencies
    left join jh_relatives as relatives
        on dependencies.{{ near }} = relatives.relative_id
),

{#- NODE rows (job_id, level: the level at which the job was first met) and the DEPENDENCY rows found so far #}
{{ b }}_reached_0 as (
    select
        'NODE' as record_type,
        {{ lineage_warehouse.sql_string(start_job_id) }} as job_id,
        cast(null as string) as from_job_id,
        cast(null as string) as to_job_id,
        cast(null as string) as dependency_type,
        0 as level
),
{%- for level in range(1, depth + 1) %}

{#- copy 0 keeps every row; copies 1 and 2 of a job met at the level before probe the dependencies leaving its
    family: copy 1 gives the far end (a NODE of this level), copy 2 the DEPENDENCY row #}
{{ b }}_reached_{{ level }} as {{ lineage_warehouse.cte_materialized() }} (
    select
        record_type,
        job_id,
        from_job_id,
        to_job_id,
        dependency_type,
        min(level) as level
    from (
        select
            case when probing.copy = 2 then 'DEPENDENCY' else probing.record_type end as record_type,
            case
                when probing.copy = 0 then probing.job_id
                when probing.copy = 1 then hop.{{ far }}
            end as job_id,
            {%- for column in ['from_job_id', 'to_job_id', 'dependency_type'] %}
            case
                when probing.copy = 0 then probing.{{ column }}
                when probing.copy = 2 then hop.{{ column }}
            end as {{ column }},
            {%- endfor %}
            case when probing.copy = 0 then probing.level else {{ level }} end as level
        from (
            select
                reached.record_type,
                reached.job_id,
                reached.from_job_id,
                reached.to_job_id,
                reached.dependency_type,
                reached.level,
                copies.copy,
                case
                    when copies.copy > 0 and reached.record_type = 'NODE' and reached.level = {{ level - 1 }}
                        then reached.job_id
                end as probe_id
            from {{ b }}_reached_{{ level - 1 }} as reached
            cross join jh_copies as copies
        ) as probing
        left join {{ b }}_hop as hop
            on probing.probe_id = hop.near_id
        where probing.copy = 0 or hop.near_id is not null
    ) as stepped
    group by record_type, job_id, from_job_id, to_job_id, dependency_type
),
{%- endfor %}
{%- endfor %}

{#- the branches' DEPENDENCY rows and the families of the jobs they met, as NODE rows #}
jh_rows as (
    {%- for branch in branches %}
    select distinct
        reached.record_type,
        coalesce(relatives.relative_id, reached.job_id) as job_id,
        reached.from_job_id,
        reached.to_job_id,
        reached.dependency_type
    from jh_{{ branch[:2] | lower }}_reached_{{ depth }} as reached
    left join jh_relatives as relatives
        on reached.job_id = relatives.job_id
    {%- if not loop.last %}
    union
    {%- endif %}
    {%- endfor %}
),

{#- copy 0: the row, with the job's columns for a NODE; copy 1 of a NODE with a parent: its PARENT row #}
jh_final as (
    select
        case when copies.copy = 0 then jh_rows.record_type else 'PARENT' end as record_type,
        case when copies.copy = 0 then jh_rows.from_job_id else jh_jobs.parent_job_id end as from_job_id,
        case when copies.copy = 0 then jh_rows.to_job_id else jh_jobs.job_id end as to_job_id,
        case when copies.copy = 0 then jh_rows.dependency_type end as dependency_type,
        {%- for column in ['job_id', 'parent_job_id', 'location_id', 'name', 'type'] %}
        case when copies.copy = 0 and jh_rows.record_type = 'NODE' then {{ 'jh_rows' if column == 'job_id' else 'jh_jobs' }}.{{ column }} end as {{ column }}{{ ',' if not loop.last }}
        {%- endfor %}
    from jh_rows
    left join jh_jobs
        on jh_rows.job_id = jh_jobs.job_id
    cross join jh_copies as copies
    where
        copies.copy = 0
        or (copies.copy = 1 and jh_jobs.parent_job_id is not null and jh_jobs.parent_job_id != jh_jobs.job_id)
)

select * from jh_final
{%- endmacro %}


{#- The input or output rows (job_id, dataset_id, created_at) created in [since, until] (until optional), from the
    marts or from an io_relation override, as a subquery text for inferred_job_dependency_writes. -#}
{% macro job_hierarchy_io(io_kind, io_relation, since, until) -%}
    {%- if io_relation is none -%}
        {%- set source = ref('inputs' if io_kind == 'INPUT' else 'outputs') -%}
        {%- set kind_filter = '' -%}
    {%- else -%}
        {%- set source = io_relation -%}
        {%- set kind_filter = " and io_kind = '" ~ io_kind ~ "'" -%}
    {%- endif -%}
    {{- return('(select job_id, dataset_id, created_at from ' ~ source ~ ' as jh_io_rows where created_at >= cast('
        ~ lineage_warehouse.sql_string(since) ~ ' as timestamp)'
        ~ (' and created_at <= cast(' ~ lineage_warehouse.sql_string(until) ~ ' as timestamp)' if until is not none else '')
        ~ kind_filter ~ ')') -}}
{%- endmacro %}
