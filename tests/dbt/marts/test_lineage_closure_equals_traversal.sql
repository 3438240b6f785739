-- lineage.md "Traversal" at DATASET granularity, two implementations that must agree: for every dataset, the
-- nodes lineage_traverse reaches DOWNSTREAM (resp. UPSTREAM) at depth >= 1 within lineage_max_depth are exactly
-- its downstream (resp. upstream) pairs in dataset_lineage_closure, with the same minimum depth. The closure is
-- built from lineage_edges' DATASET edges, the traversal from the input/output rows (all starts at once).
with

closure as (
    select * from {{ ref('dataset_lineage_closure') }}
),

downstream_traversal as (
    {{ lineage_warehouse.lineage_traverse(
        'DATASET', direction='DOWNSTREAM',
        starts_relation='(select dataset_id as start_id from ' ~ ref('datasets') ~ ')'
    ) }}
),

upstream_traversal as (
    {{ lineage_warehouse.lineage_traverse(
        'DATASET', direction='UPSTREAM',
        starts_relation='(select dataset_id as start_id from ' ~ ref('datasets') ~ ')'
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
        upstream_dataset_id,
        downstream_dataset_id,
        min_depth
    from closure
),

final as (
    {{ lineage_warehouse.lineage_test_difference(
        'closure_pairs', 'traversed_pairs', ['upstream_dataset_id', 'downstream_dataset_id', 'min_depth']
    ) }}
)

select * from final
