{#- A hand-built hierarchy for the job_hierarchy tests (tests/dbt/job_hierarchy), as the jobs_relation,
    dependencies_relation, io_relation and symlinks_relation overrides. Parent links (child → parent):
      dag → ctl; dag.t1, dag.t2, dag.t3 → dag; app → dag.t2      (a DAG under a controller, a Spark app under t2)
      other.t → other; other.app → other.t                       (another DAG's task and its app)
      c1 → c2, c2 → c1 (a parent cycle); c3 → c2
    Declared dependencies (from → to, type): other.t → dag.t1 X; dag.t1 → dag.t2 DIRECT_DEPENDENCY;
      far → other.t (untyped); app → down (untyped); down → down2 Y; dag.t1 → side (untyped); c3 → down
      (untyped); w → r_late Z.
    Input and output rows (2025-01-01 unless said): w writes d1 and d2 at 10:00 and d3 on 2024-12-31 10:00;
      r_late reads d1 at 11:00, r_early at 09:00, r_out on 2025-02-01 10:00; r_sym reads d2b (symlinked to d2)
      at 10:00; r_old reads d3 at 10:00. -#}
{% macro job_hierarchy_test_jobs() -%}
    select
        job_id,
        parent_job_id,
        'loc' as location_id,
        job_id as name,
        'TEST' as type
    from (
        {{ lineage_warehouse.lineage_test_values([
            ('ctl', none), ('dag', 'ctl'), ('dag.t1', 'dag'), ('dag.t2', 'dag'), ('dag.t3', 'dag'),
            ('app', 'dag.t2'), ('other', none), ('other.t', 'other'), ('other.app', 'other.t'), ('far', none),
            ('down', none), ('down2', none), ('side', none), ('c1', 'c2'), ('c2', 'c1'), ('c3', 'c2'),
            ('w', none), ('r_late', none), ('r_early', none), ('r_sym', none), ('r_out', none), ('r_old', none),
        ], ['job_id', 'parent_job_id']) }}
    ) as test_jobs
{%- endmacro %}

{% macro job_hierarchy_test_dependencies() -%}
    {{ lineage_warehouse.lineage_test_values([
        ('other.t', 'dag.t1', 'X'), ('dag.t1', 'dag.t2', 'DIRECT_DEPENDENCY'), ('far', 'other.t', none),
        ('app', 'down', none), ('down', 'down2', 'Y'), ('dag.t1', 'side', none), ('c3', 'down', none),
        ('w', 'r_late', 'Z'),
    ], ['from_job_id', 'to_job_id', 'type']) }}
{%- endmacro %}

{% macro job_hierarchy_test_io() -%}
    select
        io_kind,
        job_id,
        dataset_id,
        cast(created_at as timestamp) as created_at
    from (
        {{ lineage_warehouse.lineage_test_values([
            ('OUTPUT', 'w', 'd1', '2025-01-01 10:00:00'), ('OUTPUT', 'w', 'd2', '2025-01-01 10:00:00'),
            ('OUTPUT', 'w', 'd3', '2024-12-31 10:00:00'), ('INPUT', 'r_late', 'd1', '2025-01-01 11:00:00'),
            ('INPUT', 'r_early', 'd1', '2025-01-01 09:00:00'), ('INPUT', 'r_out', 'd1', '2025-02-01 10:00:00'),
            ('INPUT', 'r_sym', 'd2b', '2025-01-01 10:00:00'), ('INPUT', 'r_old', 'd3', '2025-01-01 10:00:00'),
        ], ['io_kind', 'job_id', 'dataset_id', 'created_at']) }}
    ) as test_io
{%- endmacro %}

{#- A whole job_hierarchy test on the hand-built hierarchy (parent walks of 3 rounds: its longest chain, app → ctl,
    is 3 hops; symlink groups of 1 round: its one group is a pair): keep the rows matching `where`, project `columns`, and return the rows that differ from
    `expected` (tuples in the order of `columns`; none is NULL). -#}
{% macro job_hierarchy_test_case(start_job_id, direction, depth, columns, expected, where='1 = 1',
                                 infer_from_lineage=false, since=none, until=none) -%}
with

jobs as (
    {{ lineage_warehouse.job_hierarchy_test_jobs() }}
),

dependencies as (
    {{ lineage_warehouse.job_hierarchy_test_dependencies() }}
),

io as (
    {{ lineage_warehouse.job_hierarchy_test_io() }}
),

symlinks as (
    select
        'd2' as from_dataset_id,
        'd2b' as to_dataset_id
),

hierarchy as (
    {{ lineage_warehouse.job_hierarchy(
        start_job_id, direction, depth, infer_from_lineage, since, until,
        jobs_relation='jobs', dependencies_relation='dependencies', io_relation='io', symlinks_relation='symlinks',
        parent_rounds=3, symlink_rounds=1
    ) }}
),

{{ lineage_warehouse.lineage_test_verdict('hierarchy', columns, expected, where) }}
{%- endmacro %}
