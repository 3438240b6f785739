{#- docs/rules.md "Lineage: Column lineage closure": for every source column of the DATASET-grain column lineage, each
    column it reaches downstream within var lineage_max_depth hops, with the minimum depth. A path follows DIRECT
    edges (target column ← source column) and may end with one INDIRECT edge (the column affects the whole target
    dataset: target_column NULL), which is not followed further (it names no column to go on from). Symlinked
    twins as in dataset_lineage_closure: a start column is a start in its dataset's twins too, and every column
    reached brings the same column of its dataset's twins at the same depth. Breadth-first, unrolled in Jinja (no
    engine recursion), level k keeping the minimum depth of each (start, column) pair. The start column reached
    again (a cycle back to it or its twins) is not listed. -#}
{%- set max_depth = var('lineage_max_depth', 10) | int %}

with

column_edges as (
    select * from {{ ref('column_lineage_edges') }}
    where granularity = 'DATASET'
),

symlinks as (
    select * from {{ ref('dataset_symlinks') }}
),

-- every dataset of the column lineage with itself, and every symlinked dataset with its twins
twins as (
    {{ lineage_warehouse.dataset_twins([('column_edges', 'source_dataset_id'), ('column_edges', 'target_dataset_id')], 'symlinks') }}
),

-- one hop: a source column to the target column (DIRECT) or the whole target (INDIRECT), in the target and its twins
steps as (
    select distinct
        column_edges.lineage_kind,
        column_edges.source_dataset_id as from_dataset_id,
        column_edges.source_column as from_column,
        twins.twin_id as to_dataset_id,
        column_edges.target_column as to_column
    from column_edges
    inner join twins
        on column_edges.target_dataset_id = twins.dataset_id
),

direct_steps as (
    select * from steps
    where lineage_kind = 'DIRECT'
),

indirect_steps as (
    select * from steps
    where lineage_kind = 'INDIRECT'
),

starts as (
    select distinct
        source_dataset_id as dataset_id,
        source_column as column_name
    from column_edges
),

reached_0 as (
    select
        starts.dataset_id as start_dataset_id,
        starts.column_name as start_column,
        twins.twin_id as dataset_id,
        starts.column_name,
        0 as depth
    from starts
    inner join twins
        on starts.dataset_id = twins.dataset_id
),

{#- As in dataset_lineage_closure: each level reads the previous one once; every pair is kept (copy 0) and the
    pairs of the last level are expanded by one DIRECT step (copy 1); the minimum depth per (start, column) is the
    deduplication. #}

copies as (
    select 0 as copy
    union all
    select 1 as copy
),

{% for level in range(1, max_depth + 1) %}
    reached_{{ level }} as {{ lineage_warehouse.cte_materialized() }} (
        select
            reached.start_dataset_id,
            reached.start_column,
            case when copies.copy = 0 then reached.dataset_id else direct_steps.to_dataset_id end as dataset_id,
            case when copies.copy = 0 then reached.column_name else direct_steps.to_column end as column_name,
            min(case when copies.copy = 0 then reached.depth else {{ level }} end) as depth
        from reached_{{ level - 1 }} as reached
        left join direct_steps
            on
                case when reached.depth = {{ level - 1 }} then reached.dataset_id end = direct_steps.from_dataset_id
                and reached.column_name = direct_steps.from_column
        cross join copies
        where copies.copy = 0 or direct_steps.to_dataset_id is not null
        group by
            reached.start_dataset_id,
            reached.start_column,
            case when copies.copy = 0 then reached.dataset_id else direct_steps.to_dataset_id end,
            case when copies.copy = 0 then reached.column_name else direct_steps.to_column end
    ),

{% endfor %}
direct_reached as (
    select
        start_dataset_id,
        start_column,
        dataset_id,
        column_name,
        'DIRECT' as lineage_kind,
        depth
    from reached_{{ max_depth }}
    where depth >= 1
),

-- the last hop INDIRECT: from every column reached below the depth limit, the start column among them
indirect_reached as (
    select
        reached.start_dataset_id,
        reached.start_column,
        indirect_steps.to_dataset_id as dataset_id,
        cast(null as string) as column_name,
        'INDIRECT' as lineage_kind,
        min(reached.depth) + 1 as depth
    from reached_{{ max_depth }} as reached
    inner join indirect_steps
        on
            reached.dataset_id = indirect_steps.from_dataset_id
            and reached.column_name = indirect_steps.from_column
    where reached.depth < {{ max_depth }}
    group by reached.start_dataset_id, reached.start_column, indirect_steps.to_dataset_id
),

unioned as (
    select * from direct_reached
    union all
    select * from indirect_reached
),

final as (
    select
        start_dataset_id as source_dataset_id,
        start_column as source_column,
        dataset_id as target_dataset_id,
        column_name as target_column,
        lineage_kind,
        depth as min_depth
    from unioned
)

select * from final
