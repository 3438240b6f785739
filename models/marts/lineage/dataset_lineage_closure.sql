{#- docs/rules.md "Lineage: Traversal" at DATASET granularity for every start at once: each (upstream, downstream) pair
    within var lineage_max_depth dataset → dataset hops, with the minimum depth. A start's symlinked twins are starts
    too (depth 0) and every dataset reached brings its twins at the same depth. Breadth-first, unrolled in Jinja (no
    engine recursion): level k keeps only the minimum depth of each (start, node) pair. Reflexive pairs (a cycle back to
    the start or its twins) are not listed. -#}
{%- set max_depth = var('lineage_max_depth', 10) | int %}

with

dataset_edges as (
    select * from {{ ref('int_lineage_dataset_edges') }}
),

symlinks as (
    select * from {{ ref('dataset_symlinks') }}
),

twins as (
    {{ lineage_warehouse.dataset_twins([('dataset_edges', 'from_id'), ('dataset_edges', 'to_id')], 'symlinks') }}
),

steps as (
    select distinct
        dataset_edges.from_id,
        twins.twin_id as to_id
    from dataset_edges
    inner join twins
        on dataset_edges.to_id = twins.dataset_id
),

reached_0 as (
    select
        dataset_id as start_id,
        twin_id as node_id,
        0 as depth
    from twins
),

{#- Each level reads the previous one once (a chain, never a tree of references: Spark inlines CTEs): every
    pair is kept (copy 0) and the pairs of the last level are expanded by one step (copy 1); the minimum depth
    per (start, node) is the deduplication. The step is joined on one equality (a pair off the last level has no
    key, so it matches nothing) before the copies are made: with the copy and depth conditions in the join,
    DuckDB plans it as a nested loop. #}

copies as (
    select 0 as copy
    union all
    select 1 as copy
),

{% for level in range(1, max_depth + 1) %}
    reached_{{ level }} as {{ lineage_warehouse.cte_materialized() }} (
        select
            reached.start_id,
            case when copies.copy = 0 then reached.node_id else steps.to_id end as node_id,
            min(case when copies.copy = 0 then reached.depth else {{ level }} end) as depth
        from reached_{{ level - 1 }} as reached
        left join steps
            on case when reached.depth = {{ level - 1 }} then reached.node_id end = steps.from_id
        cross join copies
        where copies.copy = 0 or steps.to_id is not null
        group by
            reached.start_id,
            case when copies.copy = 0 then reached.node_id else steps.to_id end
    ),

{% endfor %}
final as (
    select
        start_id as upstream_dataset_id,
        node_id as downstream_dataset_id,
        depth as min_depth
    from reached_{{ max_depth }}
    where depth >= 1
)

select * from final
