{#- Generic data test: no two rows share the same values of `columns` (a composite key; NULLs compare equal, as
    in GROUP BY). In two steps, so that its memory stays small on tables of millions of rows (a GROUP BY over
    every combination of text keys holds every key): the rows whose hash of the key
    occurs more than once, then the exact check on those rows only. Returns each repeated combination and how
    often it occurs. -#}
{% test unique_combination(model, columns) %}
    with

    repeated_hashes as (
        select {{ lineage_warehouse.row_hash(columns) }} as key_hash
        from {{ model }}
        group by {{ lineage_warehouse.row_hash(columns) }}
        having count(*) > 1
    ),

    candidates as (
        select {{ columns | join(', ') }}
        from {{ model }}
        where {{ lineage_warehouse.row_hash(columns) }} in (select repeated_hashes.key_hash from repeated_hashes)
    )

    select
        {{ columns | join(', ') }},
        count(*) as occurrences
    from candidates
    group by {{ columns | join(', ') }}
    having count(*) > 1
{% endtest %}
