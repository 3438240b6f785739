{#- CTEs symlink_round_0 .. symlink_round_{rounds}: the connected groups of the symlink graph `edges` (a CTE with
    from_dataset_id, to_dataset_id), each dataset labelled with the smallest dataset id of its group by min-label
    propagation, unrolled `rounds` times (a group whose diameter exceeds the rounds is split; var
    symlink_group_rounds). Datasets without symlinks are in no round: they are a group of their own. Ends with a
    comma: the caller's next CTE follows. -#}
{% macro symlink_group_rounds(edges, rounds) -%}
symlink_links as (
    select
        from_dataset_id as dataset_id,
        to_dataset_id as linked_id
    from {{ edges }}
    union
    select
        to_dataset_id as dataset_id,
        from_dataset_id as linked_id
    from {{ edges }}
    union
    select
        from_dataset_id as dataset_id,
        from_dataset_id as linked_id
    from {{ edges }}
    union
    select
        to_dataset_id as dataset_id,
        to_dataset_id as linked_id
    from {{ edges }}
),

symlink_round_0 as (
    select
        dataset_id,
        min(linked_id) as label
    from symlink_links
    group by dataset_id
),
{%- for i in range(1, rounds + 1) %}

symlink_round_{{ i }} as (
    select
        symlink_links.dataset_id,
        min(symlink_round_{{ i - 1 }}.label) as label
    from symlink_links
    inner join symlink_round_{{ i - 1 }}
        on symlink_links.linked_id = symlink_round_{{ i - 1 }}.dataset_id
    group by symlink_links.dataset_id
),
{%- endfor %}
{%- endmacro %}

{#- The body of a CTE (dataset_id, twin_id): every dataset named by the `ends` (a list of (relation, column) pairs:
    the ends of a lineage's edges) with itself, and every dataset of the symlink pairs `symlinks` (a relation with
    from_dataset_id, to_dataset_id, as dataset_symlinks) with itself and each of its twins; so a traversal that
    expands a dataset into its twins reaches them at no cost (dataset_lineage_closure, column_lineage_closure). -#}
{% macro dataset_twins(ends, symlinks) -%}
    {%- for relation, column in ends %}
    select distinct
        {{ column }} as dataset_id,
        {{ column }} as twin_id
    from {{ relation }}
    union
    {%- endfor %}
    select
        from_dataset_id as dataset_id,
        to_dataset_id as twin_id
    from {{ symlinks }}
    union
    select
        from_dataset_id as dataset_id,
        from_dataset_id as twin_id
    from {{ symlinks }}
{%- endmacro %}
