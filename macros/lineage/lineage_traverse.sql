{#- docs/rules.md "Lineage: Traversal": a SELECT returning the nodes and edges reached from a start node.

    lineage_traverse(start_kind, start_id, direction='DOWNSTREAM', depth=var lineage_max_depth (10),
                     granularity='DATASET', since=none, until=none,
                     io_relation=none, symlinks_relation=none, starts_relation=none)

    - granularity OPERATION / RUN / JOB: the bipartite graph dataset ↔ process; depth counts its hops (from a
      dataset, depth 1 = the processes that touched it, depth 2 = the datasets beyond them). DATASET: one depth
      unit is one dataset → dataset hop through one operation (input on A and output on B, A ≠ B).
    - start_kind: DATASET, or the process kind of the granularity (JOB at JOB granularity, ...).
    - direction DOWNSTREAM follows inputs that read a dataset then outputs of those processes; UPSTREAM the
      reverse; BOTH runs the two branches separately (siblings are not pulled in) and merges them.
    - a node already reached (in its branch) is not expanded again; the start dataset's symlinked twins are
      starts too and every dataset reached brings its twins at the same depth.
    - since / until (timestamp texts, inclusive) filter input and output rows by their own created_at.
    - overrides for tests or ad-hoc graphs: io_relation (a relation or `(select ...)` with io_kind INPUT/OUTPUT,
      created_at, job_id, run_id, operation_id, dataset_id, output_types_mask), symlinks_relation
      (from_dataset_id, to_dataset_id), starts_relation (column start_id: many starts at once).

    Columns: record_type (NODE / EDGE), start_id, node_kind, node_id, depth (NODE rows), edge_kind (INPUT /
    OUTPUT / DATASET / SYMLINK), from_kind, from_id, to_kind, to_id, output_types, output_types_mask,
    first_interaction_at, last_interaction_at (EDGE rows). The whole graph is never materialised: every level
    joins the previous level's new nodes to the input/output rows. Each level reads the previous one once (a
    chain of CTEs: Spark inlines CTEs, so a level read twice would double the plan at every level); DATASET
    granularity walks dataset → operation → dataset (two levels per dataset hop, which is the same as "one
    operation read A and wrote B, A ≠ B"). Edges are listed at the end: every edge leaving a node reached below
    the last level, in the branch's direction. -#}
{% macro lineage_traverse(start_kind, start_id=none, direction='DOWNSTREAM', depth=none, granularity='DATASET',
                          since=none, until=none, io_relation=none, symlinks_relation=none,
                          starts_relation=none) -%}
    {%- set max_depth = var('lineage_max_depth', 10) | int -%}
    {%- set depth = max_depth if depth is none else depth | int -%}
    {%- set granularity = granularity | upper -%}
    {%- set direction = direction | upper -%}
    {%- set start_kind = start_kind | upper -%}
    {%- if granularity not in ['OPERATION', 'RUN', 'JOB', 'DATASET'] -%}
        {{ exceptions.raise_compiler_error("lineage_traverse: granularity must be OPERATION, RUN, JOB or DATASET, not " ~ granularity) }}
    {%- endif -%}
    {%- if direction not in ['UPSTREAM', 'DOWNSTREAM', 'BOTH'] -%}
        {{ exceptions.raise_compiler_error("lineage_traverse: direction must be UPSTREAM, DOWNSTREAM or BOTH, not " ~ direction) }}
    {%- endif -%}
    {%- if start_kind != 'DATASET' and start_kind != granularity -%}
        {{ exceptions.raise_compiler_error("lineage_traverse: start_kind must be DATASET or " ~ granularity ~ " at " ~ granularity ~ " granularity, not " ~ start_kind) }}
    {%- endif -%}
    {%- if depth < 1 or depth > max_depth -%}
        {{ exceptions.raise_compiler_error("lineage_traverse: depth must be between 1 and " ~ max_depth ~ " (var lineage_max_depth), not " ~ depth) }}
    {%- endif -%}
    {%- if start_id is none and starts_relation is none -%}
        {{ exceptions.raise_compiler_error("lineage_traverse: give start_id or starts_relation") }}
    {%- endif -%}
    {%- set process_column = {'OPERATION': 'operation_id', 'RUN': 'run_id', 'JOB': 'job_id', 'DATASET': 'operation_id'}[granularity] -%}
    {%- set branches = ['DOWNSTREAM', 'UPSTREAM'] if direction == 'BOTH' else [direction] -%}
    {%- set window -%}
        {{ process_column }} is not null
        {%- if since is not none %} and created_at >= cast({{ lineage_warehouse.sql_string(since) }} as timestamp){% endif %}
        {%- if until is not none %} and created_at <= cast({{ lineage_warehouse.sql_string(until) }} as timestamp){% endif %}
    {%- endset -%}
    {#- the windowed input and output rows, inlined into every step (never a CTE: the engines would materialise
        all of them) so that each step reads only the rows its join keeps -#}
    {%- set io = {} -%}
    {%- for io_kind, relation in [('INPUT', 'inputs'), ('OUTPUT', 'outputs')] -%}
        {%- if io_relation is none -%}
            {%- set source = ref(relation) -%}
            {%- set mask = 'cast(null as int)' if io_kind == 'INPUT' else 'output_types_mask' -%}
        {%- else -%}
            {%- set source = '(select * from ' ~ io_relation ~ " as lt_io_override where io_kind = '" ~ io_kind ~ "')" -%}
            {%- set mask = 'output_types_mask' -%}
        {%- endif -%}
        {%- do io.update({io_kind: '(select created_at, operation_id, ' ~ process_column ~ ' as process_id, dataset_id, '
            ~ mask ~ ' as output_types_mask from ' ~ source ~ ' as lt_io_rows where ' ~ window ~ ')'}) -%}
    {%- endfor -%}
with

lt_twins as (
    select
        from_dataset_id as dataset_id,
        to_dataset_id as twin_id
    from {{ ref('dataset_symlinks') if symlinks_relation is none else symlinks_relation }} as lt_symlinks
),

{#- a dataset with a twin reaches itself and its twins (a dataset without one is left as it is by the left join) #}
lt_twins_or_self as (
    select
        dataset_id,
        dataset_id as twin_id
    from lt_twins
    union
    select
        dataset_id,
        twin_id
    from lt_twins
),

lt_starts as (
    {%- if starts_relation is none %}
    select {{ lineage_warehouse.sql_string(start_id) }} as start_id
    {%- else %}
    select distinct start_id from {{ starts_relation }} as lt_starts_override
    {%- endif %}
),

lt_copies as (
    select 0 as copy
    union all
    select 1 as copy
),
{%- set process_kind = 'OPERATION' if granularity == 'DATASET' else granularity %}
{%- set levels = depth * 2 if granularity == 'DATASET' else depth %}
{%- for branch in branches %}
{%- set b = 'lt_' ~ branch[:2] | lower %}
{%- set down = branch == 'DOWNSTREAM' %}

{{ b }}_reached_0 as (
    select
        start_id,
        '{{ start_kind }}' as node_kind,
        start_id as node_id,
        0 as depth
    from lt_starts
    {%- if start_kind == 'DATASET' %}
    union
    select
        lt_starts.start_id,
        'DATASET' as node_kind,
        lt_twins.twin_id as node_id,
        0 as depth
    from lt_starts
    inner join lt_twins
        on lt_starts.start_id = lt_twins.dataset_id
    {%- endif %}
),
{%- for level in range(1, levels + 1) %}
{%- set from_kind = lineage_warehouse.lineage_traverse_kind_at(start_kind, process_kind, level - 1) %}
{%- set to_kind = lineage_warehouse.lineage_traverse_kind_at(start_kind, process_kind, level) %}

{{ b }}_reached_{{ level }} as {{ lineage_warehouse.cte_materialized() }} (
    select
        probing.start_id,
        case when probing.copy = 0 then probing.node_kind else '{{ to_kind }}' end as node_kind,
        case when probing.copy = 0 then probing.node_id else hop.far_id end as node_id,
        min(case when probing.copy = 0 then probing.depth else {{ level }} end) as depth
    from (
        {#- copy 0 keeps every node reached so far; copy 1 of a frontier node probes the hop. The probe is one
            equality (a left join whose condition also tests the left side alone runs as a nested loop). #}
        select
            reached.start_id,
            reached.node_kind,
            reached.node_id,
            reached.depth,
            copies.copy,
            case
                when
                    copies.copy = 1
                    and reached.depth = {{ level - 1 }}
                    and reached.node_kind = '{{ from_kind }}'
                    then reached.node_id
            end as probe_id
        from {{ b }}_reached_{{ level - 1 }} as reached
        cross join lt_copies as copies
    ) as probing
    left join (
        {%- set frontier -%}
            select frontier.node_id from {{ b }}_reached_{{ level - 1 }} as frontier
            where frontier.depth = {{ level - 1 }} and frontier.node_kind = '{{ from_kind }}'
        {%- endset %}
        {{ lineage_warehouse.lineage_traverse_hop(
            io, down, from_kind, frontier if lineage_warehouse.materializes_ctes() else none
        ) }}
    ) as hop
        on probing.probe_id = hop.near_id
    where probing.copy = 0 or hop.far_id is not null
    group by
        probing.start_id,
        case when probing.copy = 0 then probing.node_kind else '{{ to_kind }}' end,
        case when probing.copy = 0 then probing.node_id else hop.far_id end
),
{%- endfor %}

{{ b }}_edges as (
    {{ lineage_warehouse.lineage_traverse_edges(b ~ '_reached_' ~ levels, io, down, granularity, levels) }}
),
{%- endfor %}

lt_nodes as (
    select
        start_id,
        node_kind,
        node_id,
        {{ 'cast(min(depth) / 2 as int)' if granularity == 'DATASET' else 'min(depth)' }} as depth
    from (
        {%- for branch in branches %}
        select * from lt_{{ branch[:2] | lower }}_reached_{{ levels }}
        {%- if granularity == 'DATASET' %}
        where node_kind = 'DATASET'
        {%- endif %}
        {%- if not loop.last %}
        union all
        {%- endif %}
        {%- endfor %}
    ) as branch_nodes
    group by start_id, node_kind, node_id
),

{#- every dataset reached brings its twins, so both ends of a symlink leaving a reached dataset are reached #}
lt_symlink_edges as (
    select
        lt_nodes.start_id,
        'SYMLINK' as edge_kind,
        'DATASET' as from_kind,
        lt_twins.dataset_id as from_id,
        'DATASET' as to_kind,
        lt_twins.twin_id as to_id,
        cast(null as int) as output_types_mask,
        cast(null as timestamp) as first_interaction_at,
        cast(null as timestamp) as last_interaction_at
    from lt_twins
    inner join lt_nodes
        on
            lt_twins.dataset_id = lt_nodes.node_id
            and lt_nodes.node_kind = 'DATASET'
),

lt_edges as (
    select
        start_id,
        edge_kind,
        from_kind,
        from_id,
        to_kind,
        to_id,
        bit_or(output_types_mask) as output_types_mask,
        min(first_interaction_at) as first_interaction_at,
        max(last_interaction_at) as last_interaction_at
    from (
        {%- for branch in branches %}
        select * from lt_{{ branch[:2] | lower }}_edges
        union all
        {%- endfor %}
        select * from lt_symlink_edges
    ) as branch_edges
    group by start_id, edge_kind, from_kind, from_id, to_kind, to_id
),

lt_final as (
    select
        'NODE' as record_type,
        start_id,
        node_kind,
        node_id,
        depth,
        cast(null as string) as edge_kind,
        cast(null as string) as from_kind,
        cast(null as string) as from_id,
        cast(null as string) as to_kind,
        cast(null as string) as to_id,
        cast(null as string) as output_types,
        cast(null as int) as output_types_mask,
        cast(null as timestamp) as first_interaction_at,
        cast(null as timestamp) as last_interaction_at
    from lt_nodes
    union all
    select
        'EDGE' as record_type,
        start_id,
        cast(null as string) as node_kind,
        cast(null as string) as node_id,
        cast(null as int) as depth,
        edge_kind,
        from_kind,
        from_id,
        to_kind,
        to_id,
        case when edge_kind in ('OUTPUT', 'DATASET') then
            {{ lineage_warehouse.flag_names('output_types_mask', lineage_warehouse.output_type_flags(), '') }}
        end as output_types,
        output_types_mask,
        first_interaction_at,
        last_interaction_at
    from lt_edges
)

select * from lt_final
{%- endmacro %}


{#- The node kind at a level: kinds alternate from the start between DATASET and the process kind. -#}
{% macro lineage_traverse_kind_at(start_kind, process_kind, level) -%}
    {%- if level % 2 == 0 -%}
        {{- return(start_kind) -}}
    {%- else -%}
        {{- return(process_kind if start_kind == 'DATASET' else 'DATASET') -}}
    {%- endif -%}
{%- endmacro %}


{#- One hop of the bipartite graph as (near_id, far_id) pairs leaving a node of kind from_kind: a dataset is left
    by its inputs downstream and its outputs upstream, a process by its outputs downstream and its inputs
    upstream; a dataset reached brings its symlinked twins. `frontier` (a query of node ids), when the engine
    materialises CTEs, restricts the rows read to the previous level's new nodes. -#}
{% macro lineage_traverse_hop(io, down, from_kind, frontier=none) -%}
    {%- set from_dataset = from_kind == 'DATASET' -%}
    {%- set io_kind = 'INPUT' if (from_dataset == down) else 'OUTPUT' -%}
    {%- if from_dataset -%}
        select distinct
            dataset_id as near_id,
            process_id as far_id
        from {{ io[io_kind] }} as hop_rows
        {%- if frontier is not none %}
        where hop_rows.dataset_id in ({{ frontier }})
        {%- endif %}
    {%- else -%}
        select distinct
            hop_rows.process_id as near_id,
            coalesce(hop_twins.twin_id, hop_rows.dataset_id) as far_id
        from {{ io[io_kind] }} as hop_rows
        left join lt_twins_or_self as hop_twins
            on hop_rows.dataset_id = hop_twins.dataset_id
        {%- if frontier is not none %}
        where hop_rows.process_id in ({{ frontier }})
        {%- endif %}
    {%- endif -%}
{%- endmacro %}


{#- The edges of a branch: every edge leaving a node reached below the last level (such a node was expanded, so
    the far end is reached too), aggregated over the windowed rows. DATASET granularity: A → B through one
    operation, A ≠ B, types and times of the outputs. -#}
{% macro lineage_traverse_edges(reached, io, down, granularity, levels) -%}
    {%- if granularity == 'DATASET' -%}
        {%- set near_kind, far_kind = ('INPUT', 'OUTPUT') if down else ('OUTPUT', 'INPUT') -%}
        {%- set output_side = 'far' if down else 'near' -%}
    select
        reached.start_id,
        'DATASET' as edge_kind,
        'DATASET' as from_kind,
        {{ 'near' if down else 'far' }}.dataset_id as from_id,
        'DATASET' as to_kind,
        {{ 'far' if down else 'near' }}.dataset_id as to_id,
        bit_or({{ output_side }}.output_types_mask) as output_types_mask,
        min({{ output_side }}.created_at) as first_interaction_at,
        max({{ output_side }}.created_at) as last_interaction_at
    from {{ reached }} as reached
    inner join {{ io[near_kind] }} as near
        on reached.node_id = near.dataset_id
    inner join {{ io[far_kind] }} as far
        on
            near.operation_id = far.operation_id
            and near.dataset_id != far.dataset_id
    where
        reached.node_kind = 'DATASET'
        and reached.depth < {{ levels }}
        {%- if lineage_warehouse.materializes_ctes() %}
        {#- the same restriction as a semi-join, so that no join order reads every operation's pairs #}
        and far.operation_id in (
            select near_rows.operation_id
            from {{ io[near_kind] }} as near_rows
            where near_rows.dataset_id in (
                select reached_rows.node_id from {{ reached }} as reached_rows
                where reached_rows.node_kind = 'DATASET' and reached_rows.depth < {{ levels }}
            )
        )
        {%- endif %}
    group by reached.start_id, near.dataset_id, far.dataset_id
    {%- else -%}
        {%- for near_kind in ['DATASET', granularity] %}
            {%- set from_dataset = near_kind == 'DATASET' -%}
            {%- set io_kind = 'INPUT' if (from_dataset == down) else 'OUTPUT' -%}
            {%- set near_column = 'dataset_id' if from_dataset else 'process_id' %}
    select
        reached.start_id,
        '{{ io_kind }}' as edge_kind,
        '{{ 'DATASET' if io_kind == 'INPUT' else granularity }}' as from_kind,
        io.{{ 'dataset_id' if io_kind == 'INPUT' else 'process_id' }} as from_id,
        '{{ granularity if io_kind == 'INPUT' else 'DATASET' }}' as to_kind,
        io.{{ 'process_id' if io_kind == 'INPUT' else 'dataset_id' }} as to_id,
        bit_or(io.output_types_mask) as output_types_mask,
        min(io.created_at) as first_interaction_at,
        max(io.created_at) as last_interaction_at
    from {{ reached }} as reached
    inner join {{ io[io_kind] }} as io
        on reached.node_id = io.{{ near_column }}
    where
        reached.node_kind = '{{ near_kind }}'
        and reached.depth < {{ levels }}
    group by reached.start_id, io.dataset_id, io.process_id
            {%- if not loop.last %}
    union all
            {%- endif %}
        {%- endfor %}
    {%- endif -%}
{%- endmacro %}
