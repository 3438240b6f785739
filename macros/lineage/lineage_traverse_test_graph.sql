{#- A hand-built graph for the traversal tests (tests/dbt/lineage), as SELECTs usable as io_relation and
    symlinks_relation overrides of lineage_traverse. Operations (one run and job each, o<n> / r<n> / j<n>):
      o1 reads a, writes b      2025-01-01 10:00   OVERWRITE
      o2 reads b, writes c      2025-01-02 10:00   APPEND
      o3 reads c, writes a      2025-01-03 10:00   (cycle a → b → c → a), UNKNOWN
      o4 reads s, writes b      2025-01-01 11:00   (s is a sibling of a: another upstream of b)
      o5 reads b2, writes d     2025-01-04 10:00   (b ↔ b2 symlinked)
      o6 reads d, writes e      2025-02-01 10:00   (outside a January window)
      o7 reads e, writes f      2025-02-02 10:00, and o8 reads f, writes g 2025-02-03 10:00 (a longer chain)
    plus a run r1 with a second operation o9 that writes h (no a → h edge: different operation). -#}
{% macro lineage_traverse_test_io() -%}
    {#- one VALUES list, not a UNION ALL of one-row SELECTs: the traversal reads it at every level, and Spark plans
        every copy of an unrolled union (docs/decisions/tests-suite-layout.md) #}
    select
        io_kind,
        cast(created_at as timestamp) as created_at,
        job_id,
        run_id,
        operation_id,
        dataset_id,
        cast(output_types_mask as int) as output_types_mask
    from (
        {{ lineage_warehouse.lineage_test_values([
            ('INPUT', '2025-01-01 10:00:00', 'j1', 'r1', 'o1', 'a', none),
            ('OUTPUT', '2025-01-01 10:00:00', 'j1', 'r1', 'o1', 'b', 16),
            ('OUTPUT', '2025-01-01 10:00:00', 'j1', 'r1', 'o9', 'h', 1),
            ('INPUT', '2025-01-02 10:00:00', 'j2', 'r2', 'o2', 'b', none),
            ('OUTPUT', '2025-01-02 10:00:00', 'j2', 'r2', 'o2', 'c', 1),
            ('INPUT', '2025-01-03 10:00:00', 'j3', 'r3', 'o3', 'c', none),
            ('OUTPUT', '2025-01-03 10:00:00', 'j3', 'r3', 'o3', 'a', 0),
            ('INPUT', '2025-01-01 11:00:00', 'j4', 'r4', 'o4', 's', none),
            ('OUTPUT', '2025-01-01 11:00:00', 'j4', 'r4', 'o4', 'b', 1),
            ('INPUT', '2025-01-04 10:00:00', 'j5', 'r5', 'o5', 'b2', none),
            ('OUTPUT', '2025-01-04 10:00:00', 'j5', 'r5', 'o5', 'd', 1),
            ('INPUT', '2025-02-01 10:00:00', 'j6', 'r6', 'o6', 'd', none),
            ('OUTPUT', '2025-02-01 10:00:00', 'j6', 'r6', 'o6', 'e', 1),
            ('INPUT', '2025-02-02 10:00:00', 'j7', 'r7', 'o7', 'e', none),
            ('OUTPUT', '2025-02-02 10:00:00', 'j7', 'r7', 'o7', 'f', 1),
            ('INPUT', '2025-02-03 10:00:00', 'j8', 'r8', 'o8', 'f', none),
            ('OUTPUT', '2025-02-03 10:00:00', 'j8', 'r8', 'o8', 'g', 1),
        ], ['io_kind', 'created_at', 'job_id', 'run_id', 'operation_id', 'dataset_id', 'output_types_mask']) }}
    ) as test_io
{%- endmacro %}

{% macro lineage_traverse_test_symlinks() -%}
    select
        'b' as from_dataset_id,
        'b2' as to_dataset_id
    union all
    select
        'b2' as from_dataset_id,
        'b' as to_dataset_id
{%- endmacro %}

{#- Rows of `actual` and `expected` (same columns `columns`) that are not in both: the failing rows of a test. -#}
{% macro lineage_test_difference(actual, expected, columns) -%}
    select
        'missing' as problem,
        {{ columns | join(', ') }}
    from (
        select {{ columns | join(', ') }} from {{ expected }}
        except
        select {{ columns | join(', ') }} from {{ actual }}
    ) as missing_rows
    union all
    select
        'unexpected' as problem,
        {{ columns | join(', ') }}
    from (
        select {{ columns | join(', ') }} from {{ actual }}
        except
        select {{ columns | join(', ') }} from {{ expected }}
    ) as unexpected_rows
{%- endmacro %}

{#- The end of a test query after the CTE `result`: its rows matching `where`, projected on `columns`, compared
    with the literal rows `expected`; selects the rows that differ (none when the test passes). -#}
{% macro lineage_test_verdict(result, columns, expected, where) -%}
actual as (
    select {{ columns | join(', ') }}
    from {{ result }}
    where {{ where }}
),

expected as (
    {{ lineage_warehouse.lineage_test_values(expected, columns) }}
),

final as (
    {{ lineage_warehouse.lineage_test_difference('actual', 'expected', columns) }}
)

select * from final
{%- endmacro %}

{#- The literal rows `rows` (a list of tuples in the order of `columns`; none is NULL) as a SELECT. -#}
{% macro lineage_test_values(rows, columns) -%}
    select * from (
        values
        {%- for row in rows %}
        ({% for value in row %}
            {%- if value is none %}null{% elif value is number %}{{ value }}{% else %}{{ lineage_warehouse.sql_string(value) }}{% endif %}
            {%- if not loop.last %}, {% endif %}
        {%- endfor %}){% if not loop.last %},{% endif %}
        {%- endfor %}
    ) as expected_rows ({{ columns | join(', ') }})
{%- endmacro %}

{#- A whole traversal test on the hand-built graph: traverse from dataset `start_id`, keep the rows matching
    `where`, project `columns`, and return the rows that differ from `expected` (a list of tuples in the order
    of `columns`; none is NULL). -#}
{% macro lineage_traverse_test_case(start_id, direction, depth, columns, expected, granularity='DATASET',
                                    since=none, until=none, where="record_type = 'NODE'") -%}
with

io as (
    {{ lineage_warehouse.lineage_traverse_test_io() }}
),

symlinks as (
    {{ lineage_warehouse.lineage_traverse_test_symlinks() }}
),

traversal as (
    {{ lineage_warehouse.lineage_traverse(
        'DATASET', start_id, direction, depth, granularity, since, until,
        io_relation='io', symlinks_relation='symlinks'
    ) }}
),

{{ lineage_warehouse.lineage_test_verdict('traversal', columns, expected, where) }}
{%- endmacro %}
