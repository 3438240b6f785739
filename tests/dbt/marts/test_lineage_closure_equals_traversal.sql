-- lineage.md "Traversal" at DATASET granularity, two implementations that must agree: for each sampled dataset,
-- the nodes lineage_traverse reaches DOWNSTREAM (resp. UPSTREAM) at depth >= 1 within lineage_max_depth are
-- exactly its downstream (resp. upstream) pairs in dataset_lineage_closure, with the same minimum depth. The
-- closure is built from lineage_edges' DATASET edges, the traversal from the input/output rows.
-- Bounded (docs/decisions/data-tests-bounded-cost.md): a warehouse with at most var
-- lineage_closure_check_all_up_to datasets is checked from every dataset; a larger one from its first var
-- lineage_closure_check_starts datasets by dataset_id (an MD5: a deterministic, spread-out sample), so the test's
-- cost does not grow with the warehouse. tests/test_lineage.py compares the whole closure with a breadth-first
-- search.
{{ config(tags=['heavy_test']) }}

with

closure as (
    select * from {{ ref('dataset_lineage_closure') }}
),

{%- set sample_query -%}
    (select start_id from (
        select
            dataset_id as start_id,
            row_number() over (order by dataset_id) as start_number,
            count(*) over () as datasets
        from {{ ref('datasets') }}
    ) as numbered
    where start_number <= case
        when datasets <= {{ var('lineage_closure_check_all_up_to') | int }} then datasets
        else {{ var('lineage_closure_check_starts') | int }}
    end)
{%- endset %}

sampled_starts as (
    select start_id from {{ sample_query }} as sampled
),

downstream_traversal as (
    {{ lineage_warehouse.lineage_traverse(
        'DATASET', direction='DOWNSTREAM', starts_relation=sample_query
    ) }}
),

upstream_traversal as (
    {{ lineage_warehouse.lineage_traverse(
        'DATASET', direction='UPSTREAM', starts_relation=sample_query
    ) }}
),

traversed_pairs as (
    select
        start_id as upstream_dataset_id,
        node_id as downstream_dataset_id,
        depth as min_depth
    from downstream_traversal
    where record_type = 'NODE' and depth >= 1
    union all
    select
        node_id as upstream_dataset_id,
        start_id as downstream_dataset_id,
        depth as min_depth
    from upstream_traversal
    where record_type = 'NODE' and depth >= 1
),

closure_pairs as (
    select
        closure.upstream_dataset_id,
        closure.downstream_dataset_id,
        closure.min_depth
    from closure
    inner join sampled_starts
        on closure.upstream_dataset_id = sampled_starts.start_id
    union all
    select
        closure.upstream_dataset_id,
        closure.downstream_dataset_id,
        closure.min_depth
    from closure
    inner join sampled_starts
        on closure.downstream_dataset_id = sampled_starts.start_id
),

final as (
    {{ lineage_warehouse.lineage_test_difference(
        'closure_pairs', 'traversed_pairs', ['upstream_dataset_id', 'downstream_dataset_id', 'min_depth']
    ) }}
)

select * from final
